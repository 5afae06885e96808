import ArgumentParser
import Geometry
import ScrollRenderKit

// The settings' geometric values as ArgumentParser reads them, in the spellings of their
// declarations (`WxH`, `X,Y`, `T,L,B,R`): a value not of its form is refused with the option's
// name, as a usage error (exit 64), before any setting is applied.

extension Size: ExpressibleByArgument {
    public init?(argument: String) {
        guard case .size(let size)? = SettingValue.Shape.size.value(parsing: argument) else { return nil }
        self = size
    }
}

extension Point: ExpressibleByArgument {
    public init?(argument: String) {
        guard case .point(let point)? = SettingValue.Shape.point.value(parsing: argument) else { return nil }
        self = point
    }
}

extension EdgeInsets: ExpressibleByArgument {
    public init?(argument: String) {
        guard case .insets(let insets)? = SettingValue.Shape.insets.value(parsing: argument) else { return nil }
        self = insets
    }
}

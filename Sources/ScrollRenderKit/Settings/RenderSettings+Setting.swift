import Geometry
import Raster
import ScrollPhysics

extension RenderSettings {
    /// Sets one setting from a value a reader found. A value of the wrong form is refused here;
    /// whether the value can work is ``check()``'s to say, once all settings are in.
    public mutating func set(_ setting: Setting, to value: SettingValue) throws(InvalidSettings) {
        try setting.declaration.write(&self, value, SettingReader(setting: setting, value: value))
        given.insert(setting)
        if setting == .device || setting == .landscape { applyDevice() }
    }

    /// A setting's current value, as ``set(_:to:)`` takes it; `nil` when it has none.
    public func value(of setting: Setting) -> SettingValue? {
        setting.declaration.read(self)
    }

    mutating func setDevice(_ name: String) throws(InvalidSettings) {
        guard let found = Device.named(name) else {
            let close = Device.suggestions(for: name)
            let hint = close.isEmpty ? "" : "; did you mean \(close.map { "\"\($0)\"" }.joined(separator: ", "))?"
            throw .setting(.device, problem: "no device is named \"\(name)\"\(hint) (scrollrender devices lists them)")
        }
        device = found
    }

    /// The device's view in its orientation, except what was given explicitly, in any order.
    mutating func applyDevice() {
        guard let device else { return }
        let screen = device.screen(landscape: isLandscape)
        // The device's view is derived, not given: written to the stored view.
        if !given.contains(.size) { view.boundsSize = screen.size }
        if !given.contains(.scale) { view.displayScale = device.scale }
        if !given.contains(.displayRate) { view.displayRate = device.displayRate }
        if !given.contains(.safeArea) { view.safeAreaInsets = screen.safeArea }
    }

    /// `none` hides both indicators; a style shows them in that style.
    mutating func setIndicators(_ name: String) {
        let style = ScrollIndicatorStyle(rawValue: name)
        scrollView.showsVerticalScrollIndicator = style != nil
        scrollView.showsHorizontalScrollIndicator = style != nil
        scrollView.indicatorStyle = style ?? .default
    }
}

/// Turns a reader's value into the type a setting holds, or says which form was expected.
struct SettingReader {
    let setting: Setting
    let value: SettingValue

    func mismatch() -> InvalidSettings {
        .setting(setting, problem: "expected \(Self.describe(setting.shape))")
    }

    func number() throws(InvalidSettings) -> Double {
        guard case .number(let number) = value else { throw mismatch() }
        return number
    }

    func wholeNumber() throws(InvalidSettings) -> Int {
        let number = try number()
        guard number == number.rounded(), abs(number) < 1e9 else {
            throw .setting(setting, problem: "must be a whole number, not \(number)")
        }
        return Int(number)
    }

    func flag() throws(InvalidSettings) -> Bool {
        guard case .flag(let flag) = value else { throw mismatch() }
        return flag
    }

    func text() throws(InvalidSettings) -> String {
        guard case .text(let text) = value else { throw mismatch() }
        return text
    }

    func point() throws(InvalidSettings) -> Point {
        guard case .point(let point) = value else { throw mismatch() }
        return point
    }

    func size() throws(InvalidSettings) -> Size {
        guard case .size(let size) = value else { throw mismatch() }
        return size
    }

    func insets() throws(InvalidSettings) -> EdgeInsets {
        guard case .insets(let insets) = value else { throw mismatch() }
        return insets
    }

    func zoomScales() throws(InvalidSettings) -> ZoomScaleRange {
        guard case .zoomScales(let range) = value else { throw mismatch() }
        return range
    }

    /// One of the names the setting's shape lists.
    func name() throws(InvalidSettings) -> String {
        guard case .text(let text) = value else { throw mismatch() }
        let names: [String] = switch setting.shape {
        case .name(let names), .numberOrName(let names): names
        default: []
        }
        guard names.contains(text) else {
            throw .setting(setting, problem: "must be one of \(names.sorted().joined(separator: ", ")), not \"\(text)\"")
        }
        return text
    }

    func adjustment() throws(InvalidSettings) -> TargetContentOffsetAdjustment {
        guard case .adjustment(let adjustment) = value else { throw mismatch() }
        return adjustment
    }

    func decelerationRate() throws(InvalidSettings) -> DecelerationRate {
        if case .number(let rate) = value { return DecelerationRate(rawValue: rate) }
        return try name() == "fast" ? .fast : .normal
    }

    func color() throws(InvalidSettings) -> RGBA {
        let text = try text()
        guard let color = RGBA(hex: text) else {
            throw .setting(setting, problem: "not a colour: \"\(text)\" (a name or #RRGGBB[AA])")
        }
        return color
    }

    static func describe(_ shape: SettingValue.Shape) -> String {
        switch shape {
        case .number: "a number"
        case .point: "a point [x, y]"
        case .size: "a size [width, height]"
        case .insets: "insets [top, left, bottom, right]"
        case .zoomScales: "zoom scales [minimum, maximum]"
        case .flag: "true or false"
        case .text: "a string"
        case .name(let names): "one of \(names.joined(separator: ", "))"
        case .numberOrName(let names): "a number or one of \(names.joined(separator: ", "))"
        case .adjustment: "an object with snapInterval, snapTo or offset"
        }
    }
}

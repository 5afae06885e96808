import ScrollPhysics

/// A setting a user can give: a scroll-view property or an output choice. The command line and a
/// scenario's `settings` both set values through ``RenderSettings/set(_:to:)``, so each setting's
/// rule is stated once; they only say where a value came from. The raw value is the scenario key.
public enum Setting: String, CaseIterable, Sendable, Hashable {
    // The device, which sets the view's size, scale and safe area unless they are given.
    case device, landscape, safeArea, contentInsetAdjustmentBehavior
    // The scroll view.
    case size, scale, offset, inset, deceleration, paging, bounces, alwaysBounceHorizontal, alwaysBounceVertical
    case scrollEnabled, scrollsToTop, zoom, zoomRange, bouncesZoom, directionalLock, indicators, indicatorInsets
    case delaysContentTouches, canCancelContentTouches
    // The delegate.
    case targetContentOffset
    // The content.
    case imageScale, header, headerStretch, background
    // The output.
    case fps, hold, compression, transparent

    /// What a value of this setting looks like, so that readers know what to read.
    public var shape: SettingValue.Shape {
        switch self {
        case .size: .numbers(["width", "height"])
        case .offset: .numbers(["x", "y"])
        case .inset, .indicatorInsets, .safeArea: .numbers(["top", "left", "bottom", "right"])
        case .zoomRange: .numbers(["minimum", "maximum"])
        case .scale, .zoom, .imageScale, .headerStretch, .fps, .hold, .compression: .number
        case .paging, .bounces, .alwaysBounceHorizontal, .alwaysBounceVertical, .scrollEnabled, .scrollsToTop,
             .bouncesZoom, .directionalLock, .transparent, .delaysContentTouches, .canCancelContentTouches, .landscape: .flag
        case .deceleration: .numberOrName(["normal", "fast"])
        case .indicators: .name(["default", "black", "white", "none"])
        case .header, .background, .device: .text
        case .contentInsetAdjustmentBehavior: .name(ContentInsetAdjustmentBehavior.allCases.map(\.rawValue))
        case .targetContentOffset: .adjustment
        }
    }
}

/// A setting's value as a reader found it, before the setting's rule checks it.
public enum SettingValue: Sendable, Hashable {
    case number(Double)
    case numbers([Double])
    case flag(Bool)
    case text(String)
    case adjustment(TargetContentOffsetAdjustment)

    /// The forms a setting accepts.
    public enum Shape: Sendable, Hashable {
        case number
        /// A fixed-length list, its parts named in order (`[width, height]`).
        case numbers([String])
        case flag
        case text
        /// One of these names.
        case name([String])
        case numberOrName([String])
        /// A `targetContentOffset` change: `{"snapInterval": [w, h]}`, `{"snapTo": [[x, y], …]}` or `{"offset": [x, y]}`.
        case adjustment
    }
}

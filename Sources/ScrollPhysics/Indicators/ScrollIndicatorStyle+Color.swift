extension ScrollIndicatorStyle {
    /// The indicator colour: default black at ``UIKitConstants/indicatorDefaultAlpha`` (light UI);
    /// `.black` and `.white` at ``UIKitConstants/indicatorStyleAlpha``.
    public var color: IndicatorColor {
        switch self {
        case .default: IndicatorColor(red: 0, green: 0, blue: 0, alpha: UIKitConstants.indicatorDefaultAlpha)
        case .black: IndicatorColor(red: 0, green: 0, blue: 0, alpha: UIKitConstants.indicatorStyleAlpha)
        case .white: IndicatorColor(red: 1, green: 1, blue: 1, alpha: UIKitConstants.indicatorStyleAlpha)
        }
    }
}

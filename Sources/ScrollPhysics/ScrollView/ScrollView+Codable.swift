/// A scroll view is coded as the configuration a render is given, in the keys manifests have
/// always used: what a user sets. `contentSize` comes from the picture, and `contentOffset` and the
/// zoom limits are the scene's to decide unless given, so the scene codes those three itself.
/// Every key may be missing and then keeps UIKit's default.
extension ScrollView: Codable {
    enum CodingKeys: String, CodingKey {
        case boundsSize = "viewSize"
        case displayScale, contentInset, decelerationRate, isPagingEnabled, bounces
        case alwaysBounceHorizontal, alwaysBounceVertical, isDirectionalLockEnabled, isScrollEnabled
        case zoomScale, bouncesZoom, scrollsToTop, indicatorStyle, scrollIndicatorInsets
        case delaysContentTouches, canCancelContentTouches
        case safeAreaInsets, contentInsetAdjustmentBehavior, automaticallyAdjustsScrollIndicatorInsets
        case displayRate
    }

    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func read<T: Decodable>(_ key: CodingKeys, into value: inout T) throws {
            if let decoded = try c.decodeIfPresent(T.self, forKey: key) { value = decoded }
        }
        try read(.boundsSize, into: &boundsSize)
        try read(.displayScale, into: &displayScale)
        try read(.displayRate, into: &displayRate)
        try read(.contentInset, into: &contentInset)
        try read(.decelerationRate, into: &decelerationRate)
        try read(.isPagingEnabled, into: &isPagingEnabled)
        try read(.bounces, into: &bounces)
        try read(.alwaysBounceHorizontal, into: &alwaysBounceHorizontal)
        try read(.alwaysBounceVertical, into: &alwaysBounceVertical)
        try read(.isDirectionalLockEnabled, into: &isDirectionalLockEnabled)
        try read(.isScrollEnabled, into: &isScrollEnabled)
        try read(.zoomScale, into: &zoomScale)
        try read(.bouncesZoom, into: &bouncesZoom)
        try read(.scrollsToTop, into: &scrollsToTop)
        try read(.scrollIndicatorInsets, into: &scrollIndicatorInsets)
        try read(.delaysContentTouches, into: &delaysContentTouches)
        try read(.canCancelContentTouches, into: &canCancelContentTouches)
        try read(.safeAreaInsets, into: &safeAreaInsets)
        try read(.contentInsetAdjustmentBehavior, into: &contentInsetAdjustmentBehavior)
        try read(.automaticallyAdjustsScrollIndicatorInsets, into: &automaticallyAdjustsScrollIndicatorInsets)
        // No style recorded: the indicators were hidden.
        let style = try c.decodeIfPresent(ScrollIndicatorStyle.self, forKey: .indicatorStyle)
        indicatorStyle = style ?? .default
        showsVerticalScrollIndicator = style != nil
        showsHorizontalScrollIndicator = style != nil
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(boundsSize, forKey: .boundsSize)
        try c.encode(displayScale, forKey: .displayScale)
        try c.encode(contentInset, forKey: .contentInset)
        try c.encode(decelerationRate, forKey: .decelerationRate)
        try c.encode(isPagingEnabled, forKey: .isPagingEnabled)
        try c.encode(bounces, forKey: .bounces)
        try c.encode(alwaysBounceHorizontal, forKey: .alwaysBounceHorizontal)
        try c.encode(alwaysBounceVertical, forKey: .alwaysBounceVertical)
        try c.encode(isDirectionalLockEnabled, forKey: .isDirectionalLockEnabled)
        try c.encode(isScrollEnabled, forKey: .isScrollEnabled)
        try c.encode(zoomScale, forKey: .zoomScale)
        try c.encode(bouncesZoom, forKey: .bouncesZoom)
        try c.encode(scrollsToTop, forKey: .scrollsToTop)
        try c.encode(scrollIndicatorInsets, forKey: .scrollIndicatorInsets)
        try c.encode(delaysContentTouches, forKey: .delaysContentTouches)
        try c.encode(canCancelContentTouches, forKey: .canCancelContentTouches)
        // Written only when a device or safe area is in play, so that earlier manifests read the same.
        if safeAreaInsets != .zero {
            try c.encode(safeAreaInsets, forKey: .safeAreaInsets)
            try c.encode(contentInsetAdjustmentBehavior, forKey: .contentInsetAdjustmentBehavior)
            try c.encode(automaticallyAdjustsScrollIndicatorInsets, forKey: .automaticallyAdjustsScrollIndicatorInsets)
        }
        // Written only when it is not the 60 Hz every earlier manifest ran at.
        if displayRate != 60 { try c.encode(displayRate, forKey: .displayRate) }
        if showsVerticalScrollIndicator || showsHorizontalScrollIndicator {
            try c.encode(indicatorStyle, forKey: .indicatorStyle)
        }
    }
}

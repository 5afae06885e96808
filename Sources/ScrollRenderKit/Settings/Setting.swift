import Compositor
import Geometry
import ScrollPhysics

/// A setting a user can give: a scroll-view property or an output choice. The command line and a
/// scenario's `settings` both set values through ``RenderSettings/set(_:to:)``, so each setting's
/// rule is stated once; they only say where a value came from. The raw value is the scenario key.
public enum Setting: String, CaseIterable, Sendable, Hashable {
    // The device, which sets the view's size, scale and safe area unless they are given.
    case device, landscape, safeArea, contentInsetAdjustmentBehavior
    // The scroll view.
    case size, scale, displayRate, offset, inset, deceleration, paging, bounces, alwaysBounceHorizontal, alwaysBounceVertical
    case scrollEnabled, scrollsToTop, zoom, zoomRange, bouncesZoom, directionalLock, indicators, indicatorInsets
    case automaticallyAdjustsScrollIndicatorInsets
    case delaysContentTouches, canCancelContentTouches
    // The delegate.
    case targetContentOffset
    // The content.
    case imageScale, fit, screenshot, header, headerStretch, background
    // The device's screen drawn over the exports (and over the frames with `chrome` on).
    case chrome, statusBar, bezel, corners, showTouches
    // The output.
    case fps, hold, compression, transparent

    /// The device's screen: what `scrollrender export` may still change over a render's settings,
    /// since it is drawn over the exports (the command line's screen group).
    public static let screen: [Setting] = [.chrome, .statusBar, .bezel, .corners, .showTouches]

    /// What a value of this setting looks like, so that readers know what to read.
    public var shape: SettingValue.Shape { declaration.shape }

    /// The one declaration of each setting: its form, its help line and the property it sets.
    /// Adding a UIScrollView property is a case above and a line here.
    public var declaration: SettingDeclaration {
        switch self {
        case .device:
            SettingDeclaration(.text, "A real device: its view size, scale and safe area (scrollrender devices lists them; case is ignored).",
                               valueName: "NAME", read: { $0.device.map { .text($0.name) } }) { s, _, r throws(InvalidSettings) in
                try s.setDevice(r.text())
            }
        case .landscape: .flag(\.isLandscape, "Turn the device to landscape.")
        case .safeArea: .insets(\.scrollView.safeAreaInsets, "safeAreaInsets of the view (default: the device's, or none).")
        case .contentInsetAdjustmentBehavior:
            .name(\.scrollView.contentInsetAdjustmentBehavior, "How the safe area joins adjustedContentInset (default automatic).")
        case .size:
            SettingDeclaration(.size, "View size in points (default 390x844).", read: { .size($0.scrollView.boundsSize) }) { s, _, r throws(InvalidSettings) in
                s.scrollView.boundsSize = try r.size()
            }
        case .scale: .number(\.scrollView.displayScale, "Device pixels per point; output pixels = size × scale (default 2).", valueName: "S")
        case .displayRate:
            .number(\.scrollView.displayRate, "Screen refresh rate in Hz: the display link's ticks, a trackpad's events (default: the device's, 120 on ProMotion, else 60).",
                    valueName: "HZ")
        case .offset: .point(\.scrollView.contentOffset, "Initial contentOffset (default: the top-left of the content).")
        case .inset: .insets(\.scrollView.contentInset, "contentInset.")
        case .deceleration:
            SettingDeclaration(.numberOrName(["normal", "fast"]), "decelerationRate: normal (0.998, default), fast (0.99) or a rate per millisecond.",
                               valueName: "normal|fast|RATE", read: { s in
                let rate = s.scrollView.decelerationRate
                return rate == .normal ? .text("normal") : rate == .fast ? .text("fast") : .number(rate.rawValue)
            }) { s, _, r throws(InvalidSettings) in
                s.scrollView.decelerationRate = try r.decelerationRate()
            }
        case .paging: .flag(\.scrollView.isPagingEnabled, "isPagingEnabled: a fling ends on a page boundary.")
        case .bounces: .flag(\.scrollView.bounces, "bounces: off, the content stops hard at the edges.", aliases: ["no-bounce"])
        case .alwaysBounceHorizontal: .flag(\.scrollView.alwaysBounceHorizontal, "alwaysBounceHorizontal: rubber-band sideways even when the content fits.")
        case .alwaysBounceVertical: .flag(\.scrollView.alwaysBounceVertical, "alwaysBounceVertical: rubber-band up and down even when the content fits.")
        case .scrollEnabled: .flag(\.scrollView.isScrollEnabled, "isScrollEnabled: off, touches do not scroll (calls still do).", aliases: ["no-scroll"])
        case .scrollsToTop: .flag(\.scrollView.scrollsToTop, "scrollsToTop: off, a status-bar tap does nothing.")
        case .zoom: .number(\.scrollView.zoomScale, "Initial zoomScale (default 1).", valueName: "S")
        case .zoomRange:
            SettingDeclaration(.zoomScales, "minimumZoomScale:maximumZoomScale (default 1:1, or aspect-fit:4 when a gesture zooms).",
                               read: { .zoomScales(ZoomScaleRange(minimum: $0.scrollView.minimumZoomScale, maximum: $0.scrollView.maximumZoomScale)) }) { s, _, r throws(InvalidSettings) in
                let range = try r.zoomScales()
                (s.scrollView.minimumZoomScale, s.scrollView.maximumZoomScale) = (range.minimum, range.maximum)
            }
        case .bouncesZoom: .flag(\.scrollView.bouncesZoom, "bouncesZoom: off, a pinch stops at the zoom limits.", aliases: ["no-bounce-zoom"])
        case .directionalLock: .flag(\.scrollView.isDirectionalLockEnabled, "isDirectionalLockEnabled: a drag that starts along an axis stays on it.")
        case .indicators:
            SettingDeclaration(.name(["default", "black", "white", "none"]), "Scroll indicator style (default: default).",
                               valueName: "default|black|white|none",
                               read: { .text($0.scrollView.showsVerticalScrollIndicator ? $0.scrollView.indicatorStyle.rawValue : "none") }) { s, _, r throws(InvalidSettings) in
                s.setIndicators(try r.name())
            }
        case .indicatorInsets: .insets(\.scrollView.scrollIndicatorInsets, "scrollIndicatorInsets: where the indicators' tracks end.")
        case .automaticallyAdjustsScrollIndicatorInsets:
            .flag(\.scrollView.automaticallyAdjustsScrollIndicatorInsets, "automaticallyAdjustsScrollIndicatorInsets: off, the indicators' tracks ignore the safe area.")
        case .delaysContentTouches:
            .flag(\.scrollView.delaysContentTouches, "delaysContentTouches: off, the content gets a touch at once.", aliases: ["no-delay-content-touches"])
        case .canCancelContentTouches:
            .flag(\.scrollView.canCancelContentTouches, "canCancelContentTouches: off, a touch the content has is never taken back by a pan (the view does not scroll).",
                  aliases: ["no-cancel-content-touches"])
        case .targetContentOffset:
            SettingDeclaration(.adjustment, "The delegate snaps targetContentOffset to multiples of W,H when a drag ends (0: that axis free), as card and photo strips do.",
                               flagName: "snap-interval", read: { $0.targetContentOffset.map(SettingValue.adjustment) }) { s, _, r throws(InvalidSettings) in
                s.targetContentOffset = try r.adjustment()
            }
        case .imageScale: .number(\.imageScale, "Like UIImage.scale: the picture has 1/S points per pixel (default 1).", valueName: "S")
        case .fit:
            SettingDeclaration(.name(PictureFit.allCases.map(\.rawValue)),
                               "Scale the picture to the view: its width to the view's width, its height to the view's height, or to fill the view (instead of imageScale).",
                               read: { $0.fit.map { .text($0.rawValue) } }) { s, _, r throws(InvalidSettings) in
                s.fit = PictureFit(rawValue: try r.name())
            }
        case .screenshot:
            SettingDeclaration(.flag, "The picture is a full-screen screenshot of the device: its own status bar and home-indicator bands are cropped, and the content scrolls under the drawn ones (default: assumed, and said, when the picture is the device's pixel width and its top band reads as a status bar; false: never).",
                               read: { $0.screenshot.map(SettingValue.flag) }) { s, _, r throws(InvalidSettings) in
                s.screenshot = try r.flag()
            }
        case .chrome:
            SettingDeclaration(.flag, "Draw the device's screen — status bar, Dynamic Island or notch, home indicator, rounded corners — over the frames too (exports show it by default with a device; false: nowhere).",
                               read: { $0.chrome.map(SettingValue.flag) }) { s, _, r throws(InvalidSettings) in
                s.chrome = try r.flag()
            }
        case .statusBar: .name(\.statusBar, "The status bar's glyphs: auto (dark or light, whichever suits most of the sequence, kept throughout), dark or light.")
        case .bezel: .flag(\.bezel, "Draw a plain device outline around the screen.")
        case .corners:
            SettingDeclaration(.text, "What shows outside the screen's rounded corners (and the bezel): clear (default) or a colour, a name or #RRGGBB.",
                               valueName: "clear|COLOR", read: { .text($0.corners.map(\.hexString) ?? "clear") }) { s, _, r throws(InvalidSettings) in
                s.corners = try r.text() == "clear" ? nil : try r.color()
            }
        case .showTouches: .flag(\.showTouches, "Show the fingers as iOS screen recordings do (a grey circle under each, fading after lift) and a pointer for trackpad gestures.")
        case .header:
            SettingDeclaration(.text, "A picture shown as a stretchy header above the content.", valueName: "IMAGE",
                               read: { $0.headerPath.map(SettingValue.text) }) { s, _, r throws(InvalidSettings) in
                s.headerPath = try r.text()
            }
        case .headerStretch:
            .number(\.headerStretch, "Header height = −contentOffset.y × F while pulled down (default \(StretchyHeader.defaultStretchFactor)).", valueName: "F")
        case .background:
            SettingDeclaration(.text, "Background colour: a name or #RRGGBB[AA] (default white).", valueName: "COLOR",
                               read: { .text($0.background.hexString) }) { s, _, r throws(InvalidSettings) in
                s.background = try r.color()
            }
        case .fps: .number(\.fps, "Frames per second (default 60).", valueName: "N")
        case .hold: .number(\.hold, "Seconds of still frames after everything has come to rest (default 0.25).", valueName: "SECONDS")
        case .compression:
            SettingDeclaration(.number, "Write frames with zlib at this level, 0–9 (smaller files, slower); default: scrollrender's fast encoder.",
                               valueName: "LEVEL", read: { $0.compressionLevel.map { .number(Double($0)) } }) { s, _, r throws(InvalidSettings) in
                s.compressionLevel = try r.wholeNumber()
            }
        case .transparent: .flag(\.transparent, "Write RGBA frames; the background may then be transparent.")
        }
    }
}

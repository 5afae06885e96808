/// What moves a pan: a finger on the screen, or two fingers on a trackpad.
///
/// A trackpad (or a Magic Mouse) scrolls through an indirect pan — `UIScrollType.continuous`
/// events on iPadOS, Mac Catalyst and iPad apps on the Mac — which UIKit's pan recognizer follows
/// with rules of its own (all recorded on iPadOS): no 10-pt recognition travel (the first offset
/// write follows the first event, 1.8–19.4 pt in), the offsets it writes rounded to device pixels,
/// a stiffer rubber band (c = 0.715 in all 70 recorded calls), and one event per display frame,
/// whose velocity the recognizer measures over whole frames. The release velocity, the
/// deceleration and the edge law are the touch ones.
public enum PanInput: String, Sendable, Hashable, Codable {
    /// A finger on the screen (`UITouch.TouchType.direct`).
    case touch
    /// Two fingers on a trackpad: the cumulative pan translation, with a finger's sign.
    case trackpad

    /// Movement (pt) before the pan is recognized.
    var recognitionDistance: Double {
        self == .touch ? UIKitConstants.panRecognitionDistance : 0
    }

    /// c in the rubber band f(u) = u·c·d/(d + c·u) while this input drags past an edge.
    var rubberBandCoefficient: Double {
        self == .touch ? UIKitConstants.rubberBandCoefficient : UIKitConstants.trackpadRubberBandCoefficient
    }

    /// A trackpad's pan writes offsets rounded to device pixels; a finger's are written as measured.
    var roundsOffsetsToPixels: Bool { self == .trackpad }

    /// Only a finger on the screen touches the content under it.
    var touchesContent: Bool { self == .touch }
}

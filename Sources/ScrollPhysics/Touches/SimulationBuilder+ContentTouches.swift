import Geometry

/// Touch delivery to the content (see ``ContentTouchCallback``): when the content hears a touch,
/// and when a pan takes it back.
extension SimulationBuilder {
    /// At touch-down: at once without `delaysContentTouches`, else once the delay passes without a
    /// pan. A touch that catches a moving scroll view, or a second finger, is the scroll view's own.
    mutating func contentTouchDown(at t: Double, location: Point, caughtMotion: Bool, fingers: Int) -> ContentTouchState {
        guard !caughtMotion, fingers == 1 else { return .withheld }
        guard scrollView.delaysContentTouches else {
            deliverContentTouch(at: t, location: location)
            return .delivered
        }
        return .waiting(deliverAt: t + UIKitConstants.contentTouchesDelay)
    }

    /// Before a sample at `t`: a waiting touch whose delay has passed goes to the content then.
    mutating func deliverWaitingContentTouch(before t: Double) {
        guard let touch = gesture, case .waiting(let moment) = touch.content, moment <= t else { return }
        deliverContentTouch(at: moment, location: touch.lastCentroid)
        gesture?.content = .delivered
    }

    /// A pan is about to begin at `t`: it takes the touch back from the content if it may; if it
    /// may not, there is no pan and the scroll view does not scroll.
    mutating func panMayBegin(at t: Double, location: Point) -> Bool {
        switch gesture?.content {
        case .delivered?:
            emitContentTouch(.touchesShouldCancel, at: t, location: location)
            guard scrollView.canCancelContentTouches else {
                gesture?.content = .keptByContent
                return false
            }
            emitContentTouch(.touchesCancelled, at: t, location: location)
            gesture?.content = .withheld
            return true
        case .waiting?:
            gesture?.content = .withheld
            return true
        case .keptByContent?:
            return false
        default:
            return true
        }
    }

    /// At lift-off: the content's touch ends; a short tap still waiting is delivered and ends at once.
    mutating func contentTouchUp(at t: Double, location: Point) {
        switch gesture?.content {
        case .waiting?:
            deliverContentTouch(at: t, location: location)
            emitContentTouch(.touchesEnded, at: t, location: location)
        case .delivered?, .keptByContent?:
            emitContentTouch(.touchesEnded, at: t, location: location)
        default:
            break
        }
    }

    private mutating func deliverContentTouch(at t: Double, location: Point) {
        emitContentTouch(.touchesShouldBegin, at: t, location: location)
        emitContentTouch(.touchesBegan, at: t, location: location)
    }

    private mutating func emitContentTouch(_ callback: ContentTouchCallback, at t: Double, location: Point) {
        contentTouchEvents.append(ContentTouchEvent(time: t, callback: callback, location: location))
    }
}

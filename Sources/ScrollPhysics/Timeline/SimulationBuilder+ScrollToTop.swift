/// Scroll to top: what a tap on the status bar does.
extension SimulationBuilder {
    /// The status-bar tap: only with `scrollsToTop`; asks the delegate, then springs to the top of
    /// the content inset unless already there.
    mutating func scrollToTop(at t: Double) {
        guard scrollView.scrollsToTop else { return }
        advance(to: t)
        reportTicks(through: t, includingEnd: true)
        emit(.shouldScrollToTop, at: t)
        guard options.shouldScrollToTop?() ?? true else { return }
        let (pose, _) = stopForProgrammaticChange(at: t)
        var top = pose
        top.contentOffset.y = scrollView.minimumContentOffset.y
        animate(from: pose, to: top, kind: .offsetAnimation(toTop: true), duration: UIKitConstants.scrollToTopDuration,
                curve: .criticallyDampedSpring(response: UIKitConstants.scrollToTopResponse), at: t)
    }
}

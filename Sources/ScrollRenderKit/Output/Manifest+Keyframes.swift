import Geometry

extension Manifest {
    /// The frames a keyframe golden pictures, most telling first: where a scroll view shows most
    /// of what it does — the first frame; the first frame at rest (the indicators shown); the
    /// release (the last frame the finger drags); the extremes of the offset and the zoom (a
    /// bounce's peak past an edge, a stretchy header at its tallest, a zoom bounce); the frame that
    /// moves most; one halfway from rest to the end (the indicators fading); the last frame. The
    /// motion of every frame stays in the manifest, so a golden of a few pictures still catches
    /// every frame's offset and callback.
    public var keyframeCandidates: [Int] {
        let frames = sequence.frames
        guard let first = frames.first, let last = frames.last else { return [] }
        var candidates = [first.index]
        let resting = frames.lastIndex { $0.contentOffset != last.contentOffset || $0.zoomScale != last.zoomScale }
            .map { frames.index(after: $0) } ?? frames.startIndex
        if resting < frames.endIndex { candidates.append(frames[resting].index) }
        if let release = frames.last(where: \.isDragging) { candidates.append(release.index) }
        for measure in [{ (frame: Frame) in frame.contentOffset.y }, { $0.contentOffset.x }, { $0.zoomScale }] {
            if let low = frames.min(by: { measure($0) < measure($1) }), measure(low) != measure(last) { candidates.append(low.index) }
            if let high = frames.max(by: { measure($0) < measure($1) }), measure(high) != measure(last) { candidates.append(high.index) }
        }
        let steps = zip(frames, frames.dropFirst())
        if let moving = steps.max(by: { Self.step($0.0, $0.1) < Self.step($1.0, $1.1) }), Self.step(moving.0, moving.1) > 0 {
            candidates.append(moving.1.index)
        }
        if resting < frames.endIndex { candidates.append(frames[(resting + frames.endIndex - 1) / 2].index) }
        candidates.append(last.index)
        var seen: Set<Int> = []
        return candidates.filter { seen.insert($0).inserted }
    }

    /// How far the view moves from one frame to the next, its zoom counted in points of a 100-point span.
    private static func step(_ a: Frame, _ b: Frame) -> Double {
        let dx = b.contentOffset.x - a.contentOffset.x, dy = b.contentOffset.y - a.contentOffset.y
        return (dx * dx + dy * dy).squareRoot() + abs(b.zoomScale - a.zoomScale) * 100
    }
}

/// A value the option or setting takes, but that this input cannot honour: the sequence, the
/// recording, the frames or the picture do not reach that far.
public enum BeyondInput: Sendable, Hashable {
    /// ``RunOption/frames``: frames `first` to `last` (`nil`: to the end), of a sequence of `total`.
    case frames(first: Int, last: Int?, total: Int)
    /// ``RunOption/exportScale``: more pixels per point than the frames hold.
    case exportScale(Double, framesHold: Double)
    /// ``RunOption/trim``: a part that keeps none of the frames, whose times run over `frameTimes` (seconds).
    case trim(from: Double?, to: Double?, frameTimes: ClosedRange<Double>)
    /// ``RunOption/release``: an instant outside the recording's writes, which run over `writes` (seconds).
    case release(Double, writes: ClosedRange<Double>)
    /// The `fit` setting would show the picture at `imageScale` pixels per point, outside
    /// ``RenderSettings/imageScales``: the picture is too small or too large for it.
    case fit(PictureFit, pictureWidth: Int, pictureHeight: Int, imageScale: Double)
}

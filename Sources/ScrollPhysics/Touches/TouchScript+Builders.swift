import Geometry

/// Builders that turn "fling at V", "drag by D and hold", "pinch to S" and "swipe N pages" into
/// touch samples with realistic finger timing.
extension TouchScript {
    /// The centre of the default 390×844 view, where builder gestures start unless told otherwise.
    public static let defaultLocation = Point(x: 195, y: 422)

    /// Touch sample rate (Hz) of the builders: a ProMotion iPhone's 120-Hz touch reports.
    public static let defaultSampleRate = 120.0

    /// Samples over which a fling's finger speeds up before moving at constant speed.
    static let flingAccelerationSamples = 4

    /// A fling whose release velocity, as the pan recognizer measures it (``PanVelocity``), is
    /// exactly `velocity` (pt/s, content-offset direction: positive moves toward the end of the
    /// content, so the finger moves the opposite way). The finger speeds up over 4 samples, then moves
    /// at constant speed long enough for the recognizer's last reports to see only that speed (and
    /// far enough to start a pan), and lifts one sample later.
    public static func fling(
        velocity: Point, from start: Point = defaultLocation, sampleRate: Double = defaultSampleRate
    ) -> TouchScript {
        precondition(velocity.length > 0 && sampleRate > 0, "a fling needs a velocity and a sample rate")
        let finger = -velocity
        let dt = 1 / sampleRate
        let accelerationTime = Double(flingAccelerationSamples) * dt
        let steadySamples = steadySampleCount(speed: finger.length, accelerationTime: accelerationTime, dt: dt)
        let count = flingAccelerationSamples + steadySamples
        let samples = (0...count).map { k -> TouchSample in
            let t = Double(k) * dt
            let travel = t <= accelerationTime
                ? t * t / (2 * accelerationTime)
                : accelerationTime / 2 + (t - accelerationTime)
            let phase: TouchPhase = k == 0 ? .began : (k == count ? .ended : .moved)
            return TouchSample(time: t, phase: phase, locations: [start + finger * travel])
        }
        return TouchScript(samples: samples)
    }

    /// Constant-speed samples of a fling at 120 Hz: a flick's usual 0.12 s, more than the four the
    /// recognizer's last two reports look back over.
    static let flingSteadySamples = 14.0

    /// Constant-speed samples: ``flingSteadySamples``, and enough travel for a pan.
    private static func steadySampleCount(speed: Double, accelerationTime: Double, dt: Double) -> Int {
        let window = flingSteadySamples
        let travelNeeded = UIKitConstants.panRecognitionDistance + 2
        let forPan = ((travelNeeded / speed - accelerationTime / 2) / dt).rounded(.up)
        return Int(Swift.max(window, forPan))
    }

    /// A drag of the finger by `translation` (pt, finger direction) along an ease-in-out path, then
    /// a still `hold` before release. With `hold` ≥ 0.1 s the measured release velocity is zero, so
    /// the drag ends without a fling. The first 10 pt are the pan slop: the content follows from
    /// the recognition point on — or, for a drag that passes them within 40 ms (a quick start),
    /// from where the finger is when the began arrives.
    public static func drag(
        translation: Point, hold: Double = 0.25, from start: Point = defaultLocation,
        duration: Double? = nil, sampleRate: Double = defaultSampleRate
    ) -> TouchScript {
        let moving = duration ?? Swift.max(0.2, translation.length / 1000)
        var samples = eased(over: moving, sampleRate: sampleRate) { p in [start + translation * p] }
        // Never before the last move: its rounded time can pass `moving`, and a hold of 0 would go back in time.
        let lift = Swift.max(moving + hold, samples.last?.time ?? 0)
        samples.append(TouchSample(time: lift, phase: .ended, locations: [start + translation]))
        return TouchScript(samples: samples)
    }

    /// A two-finger pinch about `center` that changes the finger spread by `scale`, so the zoom scale
    /// is multiplied by `scale` (before any rubber band), then a still `hold` before release.
    public static func pinch(
        scale: Double, center: Point = defaultLocation, fingerDistance: Double = 150,
        duration: Double = 0.4, hold: Double = 0.15, sampleRate: Double = defaultSampleRate
    ) -> TouchScript {
        precondition(scale > 0, "a pinch scale must be positive")
        let fingers = { (spread: Double) -> [Point] in
            [center - Point(x: spread / 2, y: 0), center + Point(x: spread / 2, y: 0)]
        }
        var samples = eased(over: duration, sampleRate: sampleRate) { p in
            fingers(fingerDistance * (1 + (scale - 1) * p))
        }
        samples.append(TouchSample(time: duration + hold, phase: .ended, locations: fingers(fingerDistance * scale)))
        return TouchScript(samples: samples)
    }

    /// `|pages|` paging swipes along `axis`, one page each (positive pages move toward the end of
    /// the content), `pause` seconds apart. Each is a fling fast enough for the adjacent-page rule
    /// (max(600, 2·pageSize) pt/s) whose finger travel stays well under half a page.
    public static func swipe(
        pages: Int, along axis: Axis, pageSize: Double, from start: Point = defaultLocation, pause: Double = 0.5
    ) -> TouchScript {
        var velocity = Point.zero
        velocity[axis] = Double(pages.signum()) * Swift.max(600, 2 * pageSize)
        guard pages != 0 else { return TouchScript(samples: []) }
        let one = fling(velocity: velocity, from: start)
        return (1..<abs(pages)).reduce(one) { script, _ in script.followed(by: one, after: pause) }
    }

    /// A one-finger path through timed points (seconds from the script start): began at the first,
    /// moved through the middle ones, ended at the last.
    public static func path(_ points: [(time: Double, location: Point)]) -> TouchScript {
        precondition(points.count >= 2, "a path needs at least two points")
        let samples = points.enumerated().map { index, point in
            let phase: TouchPhase = index == 0 ? .began : (index == points.count - 1 ? .ended : .moved)
            return TouchSample(time: point.time, phase: phase, locations: [point.location])
        }
        return TouchScript(samples: samples)
    }

    /// A finger that touches down and lifts after `duration` without moving, e.g. to stop a fling.
    public static func hold(at location: Point = defaultLocation, duration: Double = 0.1) -> TouchScript {
        TouchScript(samples: [
            TouchSample(time: 0, phase: .began, locations: [location]),
            TouchSample(time: duration, phase: .ended, locations: [location]),
        ])
    }

    /// `began` at 0 and `moved` samples up to `duration`, the fingers at `locations(progress)` with
    /// sin² progress.
    private static func eased(over duration: Double, sampleRate: Double, locations: (Double) -> [Point])
        -> [TouchSample]
    {
        let steps = Swift.max(1, Int((duration * sampleRate).rounded(.up)))
        return (0...steps).map { k in
            let t = duration * Double(k) / Double(steps)
            let progress = EaseInOutSine.progress(t / duration)
            return TouchSample(time: t, phase: k == 0 ? .began : .moved, locations: locations(progress))
        }
    }
}

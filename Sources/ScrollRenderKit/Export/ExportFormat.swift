/// A file format made from a frame sequence, chosen by the file's extension: GIF and APNG by
/// scrollrender's own encoders, MP4, WebP and WebM by ffmpeg, with the recipe that suits scroll
/// motion in each (for a GIF, the ffmpeg command a user can paste).
public enum ExportFormat: String, Sendable, Codable, CaseIterable {
    case gif, mp4, webp, apng, webm

    /// The format a path's extension names (`.png` is taken as APNG).
    public init(path: String) throws(ScrollRenderError) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.split(separator: ".").count > 1 ? name.split(separator: ".").last!.lowercased() : ""
        guard let format = ext == "png" ? .apng : ExportFormat(rawValue: ext) else { throw .unknownExportFormat(path: path) }
        self = format
    }

    /// How many quality levels the format has, best first (APNG is lossless: one).
    var qualityLevels: Int { self == .apng ? 1 : 4 }

    /// Whether ffmpeg encodes the file (GIF and APNG are scrollrender's own).
    var madeByFFmpeg: Bool { self != .gif && self != .apng }

    /// YUV 4:2:0 video needs even sizes.
    var needsEvenSize: Bool { self == .mp4 || self == .webm }

    /// Animated pictures loop; videos play once, as their player decides.
    public var loops: Bool { self == .gif || self == .webp || self == .apng }

    /// The codec's own words for quality level `level`, as a user of ffmpeg knows them.
    func qualityName(_ level: Int) -> String {
        switch self {
        case .gif: "\(Self.gifColors[level]) colours"
        case .mp4: "H.264 at CRF \(Self.mp4CRF[level])"
        case .webm: "VP9 at CRF \(Self.webmCRF[level])"
        case .webp: "quality \(Self.webpQuality[level]) of 100"
        case .apng: "lossless"
        }
    }

    static let mp4CRF = [15, 20, 25, 30]
    static let webmCRF = [31, 37, 43, 50]
    static let webpQuality = [85, 70, 55, 40]

    /// The frame rate the format can show nearest `fps`: GIF stores delays in whole centiseconds
    /// (2 at least, as browsers play them), so it shows 100/n fps — 50, 33.3, 25, 20… — and 60 fps
    /// becomes 50, 24 becomes 25.
    func frameRate(for fps: Double) -> Double {
        guard self == .gif else { return fps }
        let delay = 100 / fps
        return [delay.rounded(.down), delay.rounded(.up)].map { 100 / max(2, $0) }.min { abs($0 - fps) < abs($1 - fps) }!
    }

    /// Whether the file keeps what lies outside clear corners transparent; the others (H.264 and
    /// VP9 in yuv420p) show it filled with the background.
    var keepsTransparency: Bool { self != .mp4 && self != .webm }

    /// A lower rate to try when a file must be smaller: about half, and one the format can show.
    func reducedFrameRate(for fps: Double) -> Double {
        frameRate(for: frameRate(for: fps) / 2)
    }

    /// The colours of each GIF quality level (one index of 256 is the transparent one).
    static let gifColors = [255, 128, 64, 32]

    /// A GIF's palette is chosen from at most this many frames, evenly spaced.
    static let gifPaletteSampleFrames = 16

    /// ffmpeg's output options: the filter graph (resampling and scaling included) and the codec.
    /// A GIF makes its palette in the same run: the recipe a user can paste (scrollrender makes
    /// its GIFs with its own encoder).
    func outputArguments(filters: [String], quality level: Int, loop: ExportLoop = .forever) -> [String] {
        let chain = filters.joined(separator: ",")
        let graph = chain.isEmpty ? "[0:v]" : "[0:v]\(chain),"
        switch self {
        case .gif:
            // Ordered dither keeps noise from crawling while the picture scrolls; fewer colours, smaller file.
            let use = "paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle"
            let complex = "\(graph)split[a][b];[a]palettegen=max_colors=\(Self.gifColors[level]):stats_mode=diff:reserve_transparent=0[p];[b][p]\(use)"
            return ["-filter_complex", complex, "-loop", loop.gifLoopCount.map(String.init) ?? "-1", "-f", "gif"]
        case .mp4:
            // veryfast at a CRF three lower than medium's usual 18: on the main job the same size
            // (495 vs 497 KB) and SSIM (0.982 vs 0.984) in half medium's time (1.97 vs 3.82 s).
            return filterArguments(chain) + ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "\(Self.mp4CRF[level])",
                                             "-preset", "veryfast", "-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            return filterArguments(chain) + ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-b:v", "0", "-crf", "\(Self.webmCRF[level])",
                                             "-deadline", "good", "-cpu-used", "4", "-row-mt", "1", "-f", "webm"]
        case .webp:
            return filterArguments(chain) + ["-c:v", "libwebp_anim", "-lossless", "0", "-quality", "\(Self.webpQuality[level])",
                                             "-loop", String(loop.plays), "-f", "webp"]
        case .apng:
            return filterArguments(chain) + ["-c:v", "apng", "-plays", String(loop.plays), "-f", "apng"]
        }
    }

    private func filterArguments(_ chain: String) -> [String] {
        let even = needsEvenSize ? "pad=ceil(iw/2)*2:ceil(ih/2)*2" : ""
        let all = [chain, even].filter { !$0.isEmpty }.joined(separator: ",")
        return all.isEmpty ? [] : ["-vf", all]
    }

    /// The Debian package that provides ffmpeg and every encoder used here.
    static let debianPackage = "ffmpeg"
}

import Dispatch
import Raster
import Synchronization

/// Region decoding: only the pixels a view will show, so that the cost follows the region rather
/// than the picture. A region is always given in the UPRIGHT picture (EXIF orientation applied) at
/// the decoding scale, the coordinates of ``ImageDecoder/decode(_:scale:)``'s picture: decoding a
/// region gives exactly that picture's pixels cropped to the region.
///
/// ``ImageDecoder/maximumPixelCount`` bounds the region, not the picture, so a picture of any size
/// whose region is small decodes; `maximumBytes` bounds everything the decode allocates.
extension ImageDecoder {
    /// What decoding `region` at `scale` would allocate, from the header alone.
    /// `data` may be the start of a longer file of `fileSize` bytes (decoding stops after the
    /// region's last row); a region that needs more fails as truncated.
    public func regionPlan(of data: [UInt8], region: ImageRegion,
                           scale: JPEGScale = .full, fileSize: Int? = nil) throws(ImageCodecError) -> RegionDecodePlan {
        try withHandle(data, scale: scale) { handle throws(ImageCodecError) in
            try plan(handle, region: region, scale: scale, fileSize: fileSize ?? data.count).plan
        }
    }

    /// The pixels of `region` of the upright picture at `scale` (ignored for PNGs), as RGBA8 of
    /// `region.width` × `region.height`. Refused before decoding when the region is not inside the
    /// picture, has more than ``maximumPixelCount`` pixels, or when the plan's
    /// ``RegionDecodePlan/estimatedBytes`` exceed `maximumBytes`; libjpeg itself is then held to
    /// what is left of `maximumBytes` after the region's pixels.
    public func decode(_ data: [UInt8], region: ImageRegion, scale: JPEGScale = .full,
                       maximumBytes: Int? = nil, fileSize: Int? = nil) throws(ImageCodecError) -> DecodedImage {
        try withHandle(data, scale: scale) { handle throws(ImageCodecError) in
            let (plan, header) = try plan(handle, region: region, scale: scale, fileSize: fileSize ?? data.count)
            if let maximumBytes, plan.estimatedBytes > maximumBytes {
                throw .regionTooLarge(region, bytes: plan.estimatedBytes, limit: maximumBytes)
            }
            let libraryLimit = maximumBytes.map { max(($0 - plan.pixelBytes) / plan.decoders, 1) } ?? 0
            let stored: RGBAImage, warnings: [String]
            do throws(ImageCodecError) {
                (stored, warnings) = try withDecoders(plan.decoders, first: handle, data: data, scale: scale) { handles throws(ImageCodecError) in
                    (try Self.decodeRegionPixels(handles, plan.storedRegion, libraryMemoryLimit: libraryLimit),
                     Self.merged(handles.map(\.warnings)))
                }
            } catch .regionTooLarge {
                // libjpeg wanted more than the plan said: report the request against the ceiling.
                let limit = maximumBytes ?? Self.libraryMemoryLimit(maximumPixelCount)
                throw .regionTooLarge(region, bytes: max(plan.estimatedBytes, limit + 1), limit: limit)
            }
            return DecodedImage(image: stored.applying(header.info.orientation), info: header.info, warnings: warnings)
        }
    }

    /// The whole upright picture at `scale` — ``decode(_:scale:)``'s pixels — refused before
    /// decoding when it would allocate more than `maximumBytes` (a small file may claim a huge picture).
    public func decode(_ data: [UInt8], scale: JPEGScale = .full, maximumBytes: Int) throws(ImageCodecError) -> DecodedImage {
        let region = try withHandle(data, scale: scale) { handle throws(ImageCodecError) in
            let header = try handle.readHeader()
            let swaps = header.info.orientation.swapsWidthAndHeight
            return ImageRegion(x: 0, y: 0, width: swaps ? header.outputHeight : header.outputWidth,
                               height: swaps ? header.outputWidth : header.outputHeight)
        }
        return try decode(data, region: region, scale: scale, maximumBytes: maximumBytes)
    }

    /// Calls `body` with `first` and, for two decoders, a second over the same `data` with its
    /// header read.
    private func withDecoders<T>(_ count: Int, first: CodecHandle, data: [UInt8], scale: JPEGScale,
                                 _ body: ([CodecHandle]) throws(ImageCodecError) -> T) throws(ImageCodecError) -> T {
        guard count > 1 else { return try body([first]) }
        return try withHandle(data, scale: scale) { second throws(ImageCodecError) in
            _ = try second.readHeader()
            return try body([first, second])
        }
    }

    /// The decoders' warnings in order, each once (both read the rows above the lower band).
    private static func merged(_ warnings: [[String]]) -> [String] {
        var seen = Set<String>()
        return warnings.joined().filter { seen.insert($0).inserted }
    }

    /// Reads the header and checks that the file can hold what it claims, that the region lies in
    /// the picture, and the region against the pixel limit.
    private func plan(_ handle: CodecHandle, region: ImageRegion, scale: JPEGScale,
                      fileSize: Int) throws(ImageCodecError) -> (plan: RegionDecodePlan, header: CodecHeader) {
        let header = try handle.readHeader()
        let info = header.info
        let swaps = info.orientation.swapsWidthAndHeight
        let width = swaps ? header.outputHeight : header.outputWidth
        let height = swaps ? header.outputWidth : header.outputHeight
        try checkPlausible(info, fileSize: fileSize)
        guard region.isInside(width: width, height: height) else {
            throw .regionOutsidePicture(region, width: width, height: height)
        }
        try checkPixelLimit(width: region.width, height: region.height)
        let stored = region.stored(in: info.orientation, storedWidth: header.outputWidth, storedHeight: header.outputHeight)
        let copies = info.orientation == .up ? 1 : 2
        var plan = RegionDecodePlan(
            info: info, scale: info.format == .jpeg ? scale : .full, width: width, height: height,
            region: region, storedRegion: stored,
            pixelBytes: region.pixelCount * RGBAImage.bytesPerPixel * copies,
            workingBytes: try handle.workingMemory(for: stored))
        // Skipping a row still entropy-decodes it whole: only a region at least half as wide as the
        // picture gains from a lower band's decoder skipping the upper band's rows.
        plan.decoders = info.format == .jpeg && !info.isProgressive && stored.height >= minimumBandedHeight
            && stored.width * 2 >= header.outputWidth && Cores.count > 1 ? 2 : 1
        return (plan, header)
    }

    /// The stored region's pixels, decoded straight into the array's storage: by one decoder, or
    /// in two row bands at once, the upper band (three fifths of the rows) while the lower band's
    /// decoder skips down to its own.
    private static func decodeRegionPixels(_ handles: [CodecHandle], _ region: ImageRegion,
                                           libraryMemoryLimit: Int) throws(ImageCodecError) -> RGBAImage {
        let stride = region.width * RGBAImage.bytesPerPixel
        let split = handles.count > 1 ? region.height * 3 / 5 : region.height
        let bands = [ImageRegion(x: region.x, y: region.y, width: region.width, height: split),
                     ImageRegion(x: region.x, y: region.y + split, width: region.width, height: region.height - split)]
        let failures = Mutex([ImageCodecError?](repeating: nil, count: handles.count))
        // Not zero-filled first: each band's decoder writes every byte of its rows or fails, and
        // the pages are first touched by the decoders, in parallel, not by one thread beforehand.
        let pixels = [UInt8](unsafeUninitializedCapacity: stride * region.height) { buffer, count in
            let decoders = BandDecoders(handles: handles, pixels: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: handles.count) { index in
                do throws(ImageCodecError) {
                    try decoders.handles[index].decode(bands[index], into: decoders.pixels + (bands[index].y - region.y) * stride,
                                                       stride: stride, libraryMemoryLimit: libraryMemoryLimit)
                } catch {
                    failures.withLock { $0[index] = error }
                }
            }
            count = buffer.count
        }
        // The upper band's failure first, as one decoder would meet it.
        if let failure = failures.withLock({ $0.compactMap { $0 }.first }) { throw failure }
        return RGBAImage(width: region.width, height: region.height, pixels: pixels)
    }
}

/// Decoders that each decode one band into its own rows of one buffer, on its own thread.
private struct BandDecoders: @unchecked Sendable {
    let handles: [CodecHandle]
    let pixels: UnsafeMutablePointer<UInt8>
}

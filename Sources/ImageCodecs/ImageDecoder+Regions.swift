import Raster

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
            let libraryLimit = maximumBytes.map { max($0 - plan.pixelBytes, 1) } ?? 0
            let stored: RGBAImage
            do throws(ImageCodecError) {
                stored = try Self.decodeRegionPixels(handle, plan.storedRegion, libraryMemoryLimit: libraryLimit)
            } catch .regionTooLarge {
                // libjpeg wanted more than the plan said: report the request against the ceiling.
                let limit = maximumBytes ?? Self.libraryMemoryLimit(maximumPixelCount)
                throw .regionTooLarge(region, bytes: max(plan.estimatedBytes, limit + 1), limit: limit)
            }
            return DecodedImage(image: stored.applying(header.info.orientation), info: header.info,
                                warnings: handle.warnings)
        }
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
        let plan = RegionDecodePlan(
            info: info, scale: info.format == .jpeg ? scale : .full, width: width, height: height,
            region: region, storedRegion: stored,
            pixelBytes: region.pixelCount * RGBAImage.bytesPerPixel * copies,
            workingBytes: try handle.workingMemory(for: stored))
        return (plan, header)
    }

    /// The stored region's pixels, decoded straight into the array's storage.
    private static func decodeRegionPixels(_ handle: CodecHandle, _ region: ImageRegion,
                                           libraryMemoryLimit: Int) throws(ImageCodecError) -> RGBAImage {
        let stride = region.width * RGBAImage.bytesPerPixel
        var failure: ImageCodecError?
        let pixels = [UInt8](unsafeUninitializedCapacity: stride * region.height) { buffer, count in
            buffer.initialize(repeating: 0)
            do throws(ImageCodecError) {
                try handle.decode(region, into: buffer.baseAddress!, stride: stride, libraryMemoryLimit: libraryMemoryLimit)
            } catch {
                failure = error
            }
            count = buffer.count
        }
        if let failure { throw failure }
        return RGBAImage(width: region.width, height: region.height, pixels: pixels)
    }
}

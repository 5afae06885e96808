import _FileShims

/// SHA-256 through OpenSSL's libcrypto, in `_FileShims`: the manifest's picture hash, golden checks
/// and the tests' pixel hashes. A class so that the C context is freed exactly once.
package final class SHA256 {
    private var context: OpaquePointer?

    package init() {
        context = sr_sha256_create()
    }

    deinit {
        if let context { sr_sha256_destroy(context) }
    }

    package func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let hashedInPlace: Bool? = bytes.withContiguousStorageIfAvailable { buffer in
            if let context { _ = sr_sha256_update(context, buffer.baseAddress, buffer.count) }
            return true
        }
        if hashedInPlace == nil { update(Array(bytes)) }
    }

    /// The digest's 32 bytes; the hasher is spent.
    package func digest() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        // Allocation is the only way EVP fails: a process that cannot allocate 200 bytes is gone anyway.
        guard let context, sr_sha256_finish(context, &digest) == SR_OK else { preconditionFailure("libcrypto could not allocate a SHA-256 context") }
        return digest
    }

    /// The digest in lower-case hex; the hasher is spent.
    package func hexDigest() -> String {
        digest().map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// The hex SHA-256 of `bytes`.
    package static func hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let hasher = SHA256()
        hasher.update(bytes)
        return hasher.hexDigest()
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// The processors online: work that is split for them (a decode's row bands, a layer's coding)
/// takes a piece for each.
enum Cores {
    static let count = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

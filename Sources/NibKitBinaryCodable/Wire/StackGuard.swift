#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the coders' recursion over nested values within the current thread's stack.
///
/// `Codable` recursion cannot be made iterative: each nesting level is the value's own
/// `init(from:)` or `encode(to:)` calling back into the coder. So before each level goes deeper,
/// the coder checks how much of the thread's stack is left, and stops with an error when fewer
/// than ``reserve`` bytes remain — whatever `maximumNestingDepth` allows and whatever stack the
/// thread has (8 MiB on Linux's main thread, 512 KiB on Apple's secondary threads). Measured
/// levels take about 0.4–1.5 KiB each (release and debug builds), so the default depth of 512
/// fits in any stack of 1 MiB; a thread with a smaller stack gets the error sooner.
///
/// The thread's stack bounds are looked up only once the recursion has used ``unchecked``
/// bytes since the top-level call, so shallow values (nearly all) never pay for it.
struct StackGuard {
    /// Stack kept free below the deepest level: room for one more level of the caller's own
    /// code and for throwing the error.
    static let reserve = 128 * 1024
    /// Stack used since the top-level call below which nothing is looked up.
    static let unchecked = 32 * 1024

    private let entry: UInt
    /// The lowest address the recursion may reach; 0 until looked up.
    private var floor: UInt = 0

    init() { entry = currentStackAddress() }

    /// Whether another nesting level fits.
    @inline(__always)
    mutating func hasRoom() -> Bool {
        let here = currentStackAddress()
        // Stacks grow down; a coder used from another thread or frame higher up is not checked.
        guard here < entry, entry &- here > Self.unchecked else { return true }
        if floor == 0 { floor = Self.lowestUsableAddress(below: entry) }
        if here > floor { return true }
        // Below the floor but also below the stack itself (floor minus the reserve): the local
        // is not on this thread's stack at all — AddressSanitizer's use-after-return mode puts
        // frames on the heap (FuzzBinaryDecoder reported such a "full" stack after 104,182
        // runs) — so the stack's use cannot be told from it: let the level go on.
        let bottom = floor >= UInt(Self.reserve) ? floor - UInt(Self.reserve) : 0
        return here < bottom
    }

    /// The current thread's stack limit plus ``reserve``; if the platform does not say, the
    /// limit of a 512 KiB stack starting at `entry`.
    private static func lowestUsableAddress(below entry: UInt) -> UInt {
        var lowest: UInt = 0
        #if canImport(Glibc) || canImport(Musl)
            let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
            defer { attributes.deallocate() }
            if threadAttributes(pthread_self(), attributes) == 0 {
                var address: UnsafeMutableRawPointer?
                var size = 0
                if pthread_attr_getstack(attributes, &address, &size) == 0, let address {
                    lowest = UInt(bitPattern: address)
                }
                pthread_attr_destroy(attributes)
            }
        #elseif canImport(Darwin)
            let thread = pthread_self()
            let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            let size = UInt(pthread_get_stacksize_np(thread))
            if top > size { lowest = top - size }
        #endif
        if lowest == 0 || lowest >= entry { lowest = entry > 512 * 1024 ? entry - 512 * 1024 : 1 }
        let limit = lowest.addingReportingOverflow(UInt(reserve))
        return limit.overflow ? UInt.max : limit.partialValue
    }
}

#if canImport(Glibc) || canImport(Musl)
    /// glibc's and musl's `pthread_getattr_np` (a GNU extension the Swift overlay does not
    /// export): fills `attributes` with the thread's actual stack address and size.
    @_silgen_name("pthread_getattr_np")
    private func threadAttributes(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> Int32
#endif

/// An address in the caller's frame's neighbourhood: the stack pointer, near enough.
@inline(never)
func currentStackAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

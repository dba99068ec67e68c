import Synchronization

/// The handle table's slots, in chunks that are allocated as the table grows and never freed,
/// so that a lookup can reach a slot without a lock while another thread adds a chunk or
/// destroys a navigator. Chunk k holds 64 · 2^k slots (64, 128, 256, …; the last only
/// the 64 below 2^23): 18 chunks cover the 2^23 slots a handle can name, and a process with a few navigators allocates one chunk of
/// 64 (2 KB). Each chunk's address is published with a release store into a directory of 18
/// words, read with an acquire load.
///
/// Never freed, also for a table made by a test: that is what lets a lookup read a slot while
/// nothing holds the table.
struct HandleSlots: @unchecked Sendable {
    /// log2 of the first chunk's slot count.
    static let firstChunkBits = 6
    static let chunkCount = HandleTable.slotBits - firstChunkBits + 1

    /// Chunk k's address bits, 0 until it exists.
    private let chunks: UnsafeMutablePointer<Atomic<UInt>>

    init() {
        chunks = .allocate(capacity: Self.chunkCount)
        for chunk in 0..<Self.chunkCount { (chunks + chunk).initialize(to: Atomic<UInt>(0)) }
    }

    /// Slot `index`, lock-free; `nil` when its chunk does not exist yet (no navigator ever had
    /// it) or the index is out of range.
    @inline(__always)
    func slot(_ index: Int) -> UnsafeMutablePointer<HandleSlot>? {
        guard let (chunk, offset) = Self.place(index) else { return nil }
        return UnsafeMutablePointer<HandleSlot>(bitPattern: chunks[chunk].load(ordering: .acquiring)).map { $0 + offset }
    }

    /// Slot `index`, allocating its chunk if needed; with the table's lock, the only writer of
    /// the directory.
    func make(_ index: Int) -> UnsafeMutablePointer<HandleSlot>? {
        guard let (chunk, offset) = Self.place(index) else { return nil }
        if let existing = slot(index) { return existing }
        let capacity = Self.capacity(of: chunk)
        let base = UnsafeMutablePointer<HandleSlot>.allocate(capacity: capacity)
        for slot in 0..<capacity { (base + slot).initialize(to: HandleSlot()) }
        chunks[chunk].store(UInt(bitPattern: base), ordering: .releasing)
        return base + offset
    }

    /// How many slots chunk `chunk` holds: 64 · 2^chunk, but for the last chunk, which holds
    /// only the slots below 2^23 (64 of them, not 2^23).
    static func capacity(of chunk: Int) -> Int {
        let first = (1 << firstChunkBits) * ((1 << chunk) - 1)
        return Swift.min(1 << (chunk + firstChunkBits), (1 << HandleTable.slotBits) - first)
    }

    /// The chunk of slot `index` and its place in it: `index + 64` has its highest bit at
    /// position `chunk + 6`.
    @inline(__always)
    private static func place(_ index: Int) -> (chunk: Int, offset: Int)? {
        guard index >= 0, index < 1 << HandleTable.slotBits else { return nil }
        let shifted = index + (1 << firstChunkBits)
        let chunk = Int.bitWidth - 1 - shifted.leadingZeroBitCount - firstChunkBits
        guard chunk >= 0, chunk < chunkCount else { return nil }
        return (chunk, shifted - 1 << (chunk + firstChunkBits))
    }
}

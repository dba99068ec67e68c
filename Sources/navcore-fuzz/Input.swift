// Input decoding: the bytes of an input (or of a hook's program) read front to back. Reading
// past the end yields zeros, so every byte string is a valid program; `atEnd` stops the
// top-level loop. The encoding of the commands themselves is in Command.swift.

struct Reader {
    let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func int(_ modulo: Int) -> Int { Int(byte()) % modulo }

    mutating func flag() -> Bool { byte() & 1 == 1 }

    /// A little-endian UInt64 from the next 8 bytes.
    mutating func uint64() -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(byte()) << UInt64(shift) }
        return value
    }

    /// `count` raw bytes.
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in byte() }
    }
}

/// Which handle a command uses: the selected navigator's, or a bad one.
enum Target {
    /// The navigator in the slot (live or destroyed), or none has ever been made there.
    case slot(Int)
    case null
    /// A handle that was never a navigator's (forged bits).
    case forged(UInt)

    /// Bit patterns that are no navigator's handle (navcore's handles are odd, with a
    /// generation >= 1 in the high half): generation 0, even values, a slot never allocated,
    /// all ones. (The harness's own address, a real pointer, is added by the interpreter.)
    static let forgeries: [UInt] = [0x1, 0x3, 0xFFFF_FFFF, 0x2, 0x10, 0x7FFF_FFFF_7FFF_FFFF, UInt.max]
}

/// A screen selector (one byte, sometimes followed by more):
///
/// | byte | screen |
/// |---|---|
/// | 0x00–0x7F | label: route = b & 7, ordinal = b >> 3 (the scenario label `R`, `R#2`, …) of the navigator |
/// | 0x80–0x9F | the stack's screen (b & 0x1F) from the top (queried) |
/// | 0xA0–0xAF | a screen of another navigator (index b & 0xF) |
/// | 0xB0–0xBF | a screen of this navigator whose release was seen (index b & 0xF) |
/// | 0xC0–0xC7 | live-or-new: the live screen labelled (route b & 7, ordinal next byte & 0xF), else a new one of that route |
/// | 0xC8–0xCF | a new screen of route b & 7 (navcore_screen_create) |
/// | 0xD0–0xDF | 0 |
/// | 0xE0–0xEF | the next 8 bytes, raw |
/// | 0xF0–0xFF | this navigator's screen by creation index (b & 0xF) |
enum ScreenSelector {
    static let missing: UInt64 = 0xFFFF_FFFF_FFFF_FF00
}

/// A transition-id selector (one byte, % 8): 0 the id in flight (queried), 1 the last id the
/// animator received, 2 that + 1, 3 zero, 4 UInt64.max, 5 another navigator's last id,
/// 6 the last id - 1, 7 the next 8 bytes raw.
enum TransitionSelector {}

/// A progress byte: 0…200 → b/200; 201…250 → 1 + (b-200)/10; 251 → -0.1; 252 → NaN;
/// 253 → +inf; 254 → -inf; 255 → -0.0.
func progressValue(_ byte: UInt8) -> Double {
    switch byte {
    case 0...200: return Double(byte) / 200
    case 201...250: return 1 + Double(byte - 200) / 10
    case 251: return -0.1
    case 252: return .nan
    case 253: return .infinity
    case 254: return -.infinity
    default: return -0.0
    }
}

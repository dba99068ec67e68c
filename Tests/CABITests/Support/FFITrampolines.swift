@preconcurrency import CFFI
import CNavCore
import Glibc

// libffi closures made from Swift at run time, one per callback signature of navcore.h. The
// library calls the closure's executable address as if it were a C function; libffi packs the
// arguments and calls a Swift handler, whose `user_data` is the test's `Recorder`.

/// `navcore_navigator *`, as the C functions take it.
typealias Nav = UnsafeMutablePointer<navcore_navigator>

/// The callback types of navcore.h.
enum CallbackSignature: String, CaseIterable, Sendable {
    case done, action, appearance, transition, progress, bar, payload, release, wakeup, veto, factory, run, destroy
    case result, deferrableVeto

    /// The libffi description: return type and argument types, in the header's order.
    fileprivate var layout: (result: FFIScalar, arguments: [FFIScalar]) {
        switch self {
        // (nav, int op, int outcome, ctx)
        case .done: (.void, [.pointer, .sint32, .sint32, .pointer])
        // (nav, const navcore_action_event *, ctx)
        case .action: (.void, [.pointer, .pointer, .pointer])
        // (nav, int phase, uint64_t screen, void *object, int reason, bool animated, ctx)
        case .appearance: (.void, [.pointer, .sint32, .uint64, .pointer, .sint32, .bool, .pointer])
        // (nav, const navcore_transition *, ctx)
        case .transition: (.void, [.pointer, .pointer, .pointer])
        // (nav, uint64_t transition, double progress, ctx)
        case .progress: (.void, [.pointer, .uint64, .double, .pointer])
        // (nav, bool shown, bool animated, ctx)
        case .bar: (.void, [.pointer, .bool, .bool, .pointer])
        // (nav, uint64_t screen, void *object, const char *payload, ctx)
        case .payload: (.void, [.pointer, .uint64, .pointer, .pointer, .pointer])
        // (nav, uint64_t screen, void *object, const char *route, ctx)
        case .release: (.void, [.pointer, .uint64, .pointer, .pointer, .pointer])
        // (nav, ctx)
        case .wakeup: (.void, [.pointer, .pointer])
        // bool (nav, uint64_t screen, void *object, bool by_gesture, ctx)
        case .veto: (.bool, [.pointer, .uint64, .pointer, .bool, .pointer])
        // int (void **out_object, nav, const char *route, uint64_t screen, const char *payload, ctx)
        case .factory: (.sint32, [.pointer, .pointer, .pointer, .uint64, .pointer, .pointer])
        // (nav, ctx)
        case .run: (.void, [.pointer, .pointer])
        // (ctx)
        case .destroy: (.void, [.pointer])
        // (nav, uint64_t screen, void *object, const char *result, ctx)
        case .result: (.void, [.pointer, .uint64, .pointer, .pointer, .pointer])
        // int (nav, uint64_t screen, void *object, bool by_gesture, uint64_t decision, ctx)
        case .deferrableVeto: (.sint32, [.pointer, .uint64, .pointer, .bool, .uint64, .pointer])
        }
    }
}

/// The scalar C types the callbacks use. `bool` is C's `_Bool`: one byte.
fileprivate enum FFIScalar {
    case void, pointer, sint32, uint64, double, bool

    /// libffi's predefined type, looked up by symbol (the C globals are mutable state that
    /// Swift 6 will not let us name directly; their addresses never change).
    var type: UnsafeMutablePointer<ffi_type> {
        switch self {
        case .void: FFITypes.void
        case .pointer: FFITypes.pointer
        case .sint32: FFITypes.sint32
        case .uint64: FFITypes.uint64
        case .double: FFITypes.double
        case .bool: FFITypes.uint8
        }
    }
}

private enum FFITypes {
    nonisolated(unsafe) static let void = symbol("ffi_type_void")
    nonisolated(unsafe) static let pointer = symbol("ffi_type_pointer")
    nonisolated(unsafe) static let sint32 = symbol("ffi_type_sint32")
    nonisolated(unsafe) static let uint64 = symbol("ffi_type_uint64")
    nonisolated(unsafe) static let double = symbol("ffi_type_double")
    nonisolated(unsafe) static let uint8 = symbol("ffi_type_uint8")

    private static func symbol(_ name: String) -> UnsafeMutablePointer<ffi_type> {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {  // RTLD_DEFAULT
            fatalError("libffi's \(name) is not linked into the test binary")
        }
        return address.assumingMemoryBound(to: ffi_type.self)
    }
}

/// The handler libffi calls for every closure: (cif, return buffer, argument pointers, user_data).
typealias FFIHandler = @convention(c) (
    UnsafeMutablePointer<ffi_cif>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    UnsafeMutableRawPointer?
) -> Void

/// The arguments libffi hands a handler: one pointer to each argument's value.
struct FFIArguments {
    let values: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    func nav(_ index: Int) -> Nav? { values[index]!.load(as: Nav?.self) }
    func pointer(_ index: Int) -> UnsafeMutableRawPointer? { values[index]!.load(as: UnsafeMutableRawPointer?.self) }
    func int32(_ index: Int) -> Int32 { values[index]!.load(as: Int32.self) }
    func uint64(_ index: Int) -> UInt64 { values[index]!.load(as: UInt64.self) }
    func double(_ index: Int) -> Double { values[index]!.load(as: Double.self) }
    func bool(_ index: Int) -> Bool { values[index]!.load(as: UInt8.self) != 0 }
    func string(_ index: Int) -> String? { pointer(index).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } }
}

/// One libffi closure: its writable part, its executable address, and the call interface it
/// was prepared with. `free()` releases all three; the library must no longer call it then.
final class FFITrampoline {
    let signature: CallbackSignature
    /// The executable address: what the library calls.
    let code: UnsafeMutableRawPointer
    private let closure: UnsafeMutablePointer<ffi_closure>
    private let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    private var freed = false

    /// A closure of `signature` that calls `handler` with `userData`.
    init(_ signature: CallbackSignature, handler: FFIHandler, userData: UnsafeMutableRawPointer) {
        self.signature = signature
        let (result, arguments) = signature.layout
        var code: UnsafeMutableRawPointer?
        guard let writable = ffi_closure_alloc(MemoryLayout<ffi_closure>.size, &code), let code else {
            fatalError("ffi_closure_alloc failed")
        }
        self.code = code
        closure = writable.assumingMemoryBound(to: ffi_closure.self)
        cif = .allocate(capacity: 1)
        argumentTypes = .allocate(capacity: arguments.count)
        for (index, argument) in arguments.enumerated() { argumentTypes[index] = argument.type }
        guard ffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(arguments.count), result.type, argumentTypes) == FFI_OK else {
            fatalError("ffi_prep_cif failed for \(signature)")
        }
        guard ffi_prep_closure_loc(closure, cif, handler, userData, code) == FFI_OK else {
            fatalError("ffi_prep_closure_loc failed for \(signature)")
        }
    }

    /// The executable address as the C function type `F` (e.g. `navcore_done_fn`).
    func function<F>(as type: F.Type) -> F {
        precondition(MemoryLayout<F>.size == MemoryLayout<UnsafeMutableRawPointer>.size)
        return unsafeBitCast(code, to: type)
    }

    func free() {
        guard !freed else { return }
        freed = true
        ffi_closure_free(closure)
        cif.deallocate()
        argumentTypes.deallocate()
    }

    deinit { free() }
}

/// The Swift handler of each signature: unpacks the C arguments and hands them to the recorder
/// that `user_data` points at.
extension CallbackSignature {
    var handler: FFIHandler {
        switch self {
        case .done:
            { _, _, args, user in
                let a = FFIArguments(values: args!)
                Recorder.from(user).done(a.nav(0), op: a.int32(1), outcome: a.int32(2), ctx: a.pointer(3))
            }
        case .action:
            { _, _, args, user in
                let a = FFIArguments(values: args!)
                let event = a.pointer(1)!.assumingMemoryBound(to: navcore_action_event.self)
                Recorder.from(user).action(a.nav(0), event.pointee, ctx: a.pointer(2))
            }
        case .appearance:
            { _, _, args, user in
                let a = FFIArguments(values: args!)
                Recorder.from(user).appearance(
                    a.nav(0), phase: a.int32(1), screen: a.uint64(2), object: a.pointer(3), reason: a.int32(4),
                    animated: a.bool(5), ctx: a.pointer(6))
            }
        case .transition:
            { _, _, args, user in
                let a = FFIArguments(values: args!)
                let transition = a.pointer(1)!.assumingMemoryBound(to: navcore_transition.self)
                Recorder.from(user).transition(a.nav(0), transition.pointee, ctx: a.pointer(2))
            }
        case .progress:
            { _, _, args, user in
                let a = FFIArguments(values: args!)
                Recorder.from(user).progress(a.nav(0), transition: a.uint64(1), value: a.double(2), ctx: a.pointer(3))
            }
        case .bar:
            { _, _, args, user in
                let a = FFIArguments(values: args!)
                Recorder.from(user).bar(a.nav(0), shown: a.bool(1), animated: a.bool(2), ctx: a.pointer(3))
            }
        case .payload:
            { _, _, args, user in
                let a = FFIArguments(values: args!)
                Recorder.from(user).payload(
                    a.nav(0), screen: a.uint64(1), object: a.pointer(2), text: a.string(3), ctx: a.pointer(4))
            }
        case .release:
            { _, _, args, user in
                let a = FFIArguments(values: args!)
                Recorder.from(user).release(
                    a.nav(0), screen: a.uint64(1), object: a.pointer(2), route: a.string(3), ctx: a.pointer(4))
            }
        case .wakeup:
            { _, _, args, user in
                let a = FFIArguments(values: args!)
                Recorder.from(user).wakeup(a.nav(0), ctx: a.pointer(1))
            }
        case .veto:
            { _, result, args, user in
                let a = FFIArguments(values: args!)
                let allowed = Recorder.from(user).veto(
                    a.nav(0), screen: a.uint64(1), object: a.pointer(2), byGesture: a.bool(3), ctx: a.pointer(4))
                // Integral results narrower than a register are returned through a full ffi_arg.
                result!.storeBytes(of: ffi_arg(allowed ? 1 : 0), as: ffi_arg.self)
            }
        case .factory:
            { _, result, args, user in
                let a = FFIArguments(values: args!)
                let out = a.pointer(0)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
                let status = Recorder.from(user).factory(
                    out, a.nav(1), route: a.string(2), screen: a.uint64(3), payload: a.string(4), ctx: a.pointer(5))
                result!.storeBytes(of: ffi_sarg(status), as: ffi_sarg.self)
            }
        case .run:
            { _, _, args, user in
                let a = FFIArguments(values: args!)
                Recorder.from(user).run(a.nav(0), ctx: a.pointer(1))
            }
        case .destroy:
            { _, _, args, user in
                let a = FFIArguments(values: args!)
                Recorder.from(user).destroy(ctx: a.pointer(0))
            }
        case .result:
            { _, _, args, user in
                let a = FFIArguments(values: args!)
                Recorder.from(user).result(
                    a.nav(0), screen: a.uint64(1), object: a.pointer(2), text: a.string(3), ctx: a.pointer(4))
            }
        case .deferrableVeto:
            { _, result, args, user in
                let a = FFIArguments(values: args!)
                let answer = Recorder.from(user).deferrableVeto(
                    a.nav(0), screen: a.uint64(1), object: a.pointer(2), byGesture: a.bool(3), decision: a.uint64(4),
                    ctx: a.pointer(5))
                result!.storeBytes(of: ffi_sarg(answer), as: ffi_sarg.self)
            }
        }
    }
}

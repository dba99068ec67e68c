// The byte encoding of commands (fuzz/README.md has the same table; fuzz/nav2bytes.py writes it).
//
// A command is one byte `c` then its arguments. `c & 0x3F` is the command; past the last
// one it wraps modulo 54, the number of commands when the kept inputs were first found, so that
// they replay as found (`Command.decode`); `c >> 6` picks the handle it uses: 0 or 1 the selected navigator, 2 the
// next navigator slot, 3 a bad handle chosen by one more byte (0 NULL, 1 the selected slot's
// handle even if destroyed, 2 a forged handle from `Target.forgeries` by the byte >> 2,
// 3 the selected navigator). A slot whose navigator was destroyed keeps its dead handle, so
// later commands on it exercise `invalid_handle`.
//
// `flags` of an op: bit 0 animated (or visible for `visible`), bit 1 no completion.

enum Command: UInt8, CaseIterable {
    /// Nothing.
    case nop
    /// `create dispatch mask`: a navigator in the first free slot, which becomes selected.
    /// dispatch (< 0x80): bit 0 host, bit 1 created hidden, bit 2 with the default options (bits
    /// 1, 2: navcore_navigator_create_with_options); else an invalid value (the call must fail). mask: which
    /// callbacks to register: bit 0 animator, 1 action, 2 the four appearance phases,
    /// 3 progress+bar+payload, 4 done, 5 veto, 6 wakeup, 7 *no* release callback.
    case create
    /// `select slot`.
    case select
    /// `destroy`.
    case destroy
    /// `drain`.
    case drain
    /// `always_appear b`.
    case alwaysAppear
    /// `threshold b`: b < 0xF0 → b & 0xF; 0xF0–0xFD → Int.max; 0xFE, 0xFF → SIZE_MAX.
    case threshold
    /// `screen_create route object`: object 0 = NULL, else a fresh tagged pointer.
    case screenCreate
    /// `discard screen`.
    case discard
    /// `screen_object screen`.
    case screenObject
    /// `screen_route screen size`: size % 8, 7 = the exact length + 1.
    case screenRoute
    /// `push screen flags`.
    case push
    /// `pop flags`.
    case pop
    /// `pop_to screen flags`.
    case popTo
    /// `pop_to_root flags`.
    case popToRoot
    /// `set n screen… flags`: n % 9 screens; n = 0xFF: NULL with count 0; 0xFE: NULL with count 3;
    /// 0xFD: `huge screen screen flags`, two screens with a count whose byte size overflows
    /// (huge % 4: SIZE_MAX / 8 + 1 = 2^61, 2^61 + 1, SIZE_MAX / 2, SIZE_MAX), which must fail `invalid`.
    case setStack
    /// `back flags`.
    case back
    /// `gesture flags`.
    case gesture
    /// `run name flags`: flags bit 2 = NULL block.
    case run
    /// `visible flags`.
    case visible
    /// `show route opts [len bytes…]`: opts bit 0 animated, 1 keep (remove_current off),
    /// 2 new (recycle off), 3 NULL options, 4 a payload follows (len % 24, raw bytes),
    /// 5 call navcore_post, 6 no completion.
    case show
    /// `finish tsel`.
    case finish
    /// `cancel tsel`.
    case cancel
    /// `progress tsel p`.
    case progress
    /// `route route flags`: flags bit 0 the factory fails, 1 it makes a NULL object,
    /// 2 no ctx destructor, 3 a NULL factory (the call must fail).
    case routeRegister
    /// `unroute route`.
    case routeUnregister
    /// `callback kind mode`: kind % 13 (RegKind); mode % 4: 0 register, 1 remove (NULL),
    /// 2 register without destructor, 3 appearance with an invalid phase.
    case callback
    /// `query which`: every query (checked), or one by `which % 13`; 0xFF all.
    case query
    /// `misuse which` (% 27): a call with a NULL out-parameter or NULL required pointer.
    case misuse
    /// `names b`: the *_string functions, version, last error message.
    case names
    /// `on kind filter skip len program…`: arm a hook on the selected navigator; kind % 17
    /// (HookKind), filter 0xFF = any, skip: bit 7 repeat, low 7 bits events to let pass;
    /// len % 48 program bytes, run inside the callback with its navigator selected.
    case hook
    /// `veto label answer`: the veto's answer about that screen when top (label 0xFF: every
    /// screen): answer % 4: allow, refuse, later, a value navcore.h does not define.
    case veto
    /// `settle`: drain and finish transitions until idle (at most 16 rounds).
    case settle
    /// `push_new route flags`: screen_create (tagged object) then push.
    case pushNew
    /// `race posts what`: registration replacement while another thread posts (Race.swift).
    case race
    /// `set_result screen text` (text: len, 0xFF = NULL, else len % 24 raw bytes).
    case setResult
    /// `set_saved screen text`.
    case setSaved
    /// `on_result screen mode`: mode % 3: attach, remove (NULL), attach without destructor.
    case onResult
    /// `pop_with_result flags text`.
    case popWithResult
    /// `veto_hook mode`: mode % 3: register the three-way veto, remove it, without destructor.
    case vetoHook
    /// `decide dsel allow` (dsel: Decisions.swift).
    case decide
    /// `save`: the saved document, checked exactly.
    case save
    /// `open n (route text)… flags`: n % 6 entries; 0xFF NULL entries, 0xFE an overflowing count.
    case open
    /// `restore which [len bytes…] flags` (which: Documents.swift).
    case restore
    /// `show_recycling route opts recycle [len bytes…]`: recycle % 5: none, any, top, 3, -1.
    case showRecycling
    /// `text_query screen which`: which bit 0: the saved state, else the result.
    case textQuery
    /// `drain_bounded which count time`: a bounded drain (SPEC §9). which % 3: navcore_drain_ops,
    /// navcore_drain_for, navcore_drain_ops_for; count: < 0xF0 → count & 0xF (0 is invalid),
    /// else SIZE_MAX; time % 8: 0, -0.0, NaN, -1e-9, +inf, 1e9, -inf, DBL_MAX (no small
    /// positive time: how many ops it starts would depend on the machine's speed).
    case drainBounded
    /// `ask row mode fields… flags`: navcore_ask with a request of one function of the table of
    /// ops (row % its rows: `AskTable`, generated from navcore.h's NAVCORE_REQUEST_MAP), each
    /// field read from the bytes as Ask.swift says; mode % 4: 0 the request as read, 1 an
    /// unknown version (one more byte: bit 0 version 0, else the next one), 2 an unknown op
    /// (-1), 3 a NULL request (all three must fail invalid).
    case ask
    /// `attach child screen flags`: navcore_attach of the navigator `child` selects (a byte:
    /// 0xFF NULL, 0xFE a forged handle, else the navigator in slot `child % 4`, live or dead) to
    /// `screen` of the selected one (SPEC §16.2). flags: bit 1 no completion, 2 NULL options,
    /// 3 an options version the header does not define (must fail invalid).
    case attach
    /// `activate flags`: bit 0 animated, 1–3 as attach's, 4 retap pop_to_root, 5 a retap value
    /// the header does not define (must fail invalid).
    case activate
    /// `present child flags`: bit 0 animated, 1–3 as attach's, 4 an overlay (covers off),
    /// 5 sticky (dismiss_on_back off).
    case present
    /// `dismiss flags [text]`: bit 0 animated, 1–3 as attach's, 4 a result text follows.
    case dismiss
    /// `leave flags`: bit 1 no completion.
    case leave
    /// `family_query screen`: SPEC §16.9's queries of the selected navigator (children and
    /// active child of `screen`), checked against the harness's families (Family.swift).
    case familyQuery
    /// `retain screen on` (SPEC §17): navcore_screen_retain of `screen` (selected as for
    /// `discard`), marking it (on: bit 0) or unmarking it; then navcore_screen_is_retained,
    /// which must agree.
    case retain
}

extension Command {
    /// The command of a command byte: `c & 0x3F`, or past the last command that modulo 54. A
    /// new command takes a code that used to wrap onto `nop` or another command; the codes
    /// past it keep their old meaning, so the corpus's kept inputs still replay as found.
    static func decode(_ byte: UInt8) -> Command {
        let code = byte & 0x3F
        return Command(rawValue: code) ?? Command(rawValue: code % 54) ?? .nop
    }
}

import CSDL2
import CSDL2SysWM
import CWaylandClient
import Foundation
import ParallaxEngine

/// The app's own `wl_pointer` beside SDL's, on SDL's Wayland connection: SDL2 drops what tells a
/// trackpad from a wheel (`axis_source`), the fingers lifting (`axis_stop`), a high-resolution
/// wheel's fraction (`axis_value120`) and every event's time (docs/input-and-trackpads.md,
/// "Trackpads"). Bound from its own registry on its own event queue, so SDL's dispatching never
/// runs our listeners; SDL's pumping reads the socket, and `dispatch()` runs what it queued for us.
///
/// While it is there the window takes its scrolls, moves and buttons from here (with the
/// compositor's millisecond times, so a drag's tracker sees each move at its own time) and drops
/// SDL's copies.
final class WaylandPointer {
    /// One input, with the compositor's millisecond time.
    struct Timed: Equatable {
        var milliseconds: UInt32
        var event: InputEvent
    }

    /// What one `wl_pointer.frame` gathers.
    struct Frame: Equatable {
        var source: UInt32?
        var time: UInt32 = 0
        /// Surface px, by axis (0 vertical, 1 horizontal).
        var value: [Double] = [0, 0]
        var discrete: [Int32?] = [nil, nil]
        var value120: [Int32?] = [nil, nil]
        var stopped = false

        /// The inputs the frame makes: a wheel's notches (value120 / 120, else the click count, else
        /// SDL's 10 px a click) where the source is a wheel or a click count came; else the fingers'
        /// (or a continuous source's) px, held until the lift for fingers; then the lift.
        func inputs(shift: Bool) -> [InputEvent] {
            var inputs: [InputEvent] = []
            let moved = value != [0, 0] || discrete != [nil, nil] || value120 != [nil, nil]
            if moved {
                let wheel = source.map { $0 == WL_POINTER_AXIS_SOURCE_WHEEL.rawValue || $0 == WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue }
                    ?? (discrete != [nil, nil] || value120 != [nil, nil])
                if wheel {
                    let notches = (0..<2).map { (axis: Int) -> Double in
                        if let units120 = value120[axis] { return Double(units120) / 120 }
                        if let clicks = discrete[axis] { return Double(clicks) }
                        return value[axis] / 10
                    }
                    inputs.append(.wheel(dx: notches[1], dy: notches[0], shift: shift))
                } else {
                    inputs.append(.scroll(dx: value[1], dy: value[0], liftFollows: source == WL_POINTER_AXIS_SOURCE_FINGER.rawValue, shift: shift))
                }
            }
            if stopped { inputs.append(.fingersLifted) }
            return inputs
        }
    }

    private let display: OpaquePointer
    private let surface: OpaquePointer
    private let queue: OpaquePointer
    private var registry: OpaquePointer?
    private var seat: OpaquePointer?
    private var pointer: OpaquePointer?
    private var focused = false
    /// Where the pointer is on the window's surface, logical px.
    private var position = Point(x: 0, y: 0)
    private var frame = Frame()
    private var pending: [Timed] = []

    /// Binds the seat on the window's Wayland connection; nil where the window is not on Wayland or
    /// the compositor offers no seat (of version 5 or later).
    init?(window: OpaquePointer) {
        guard let info = windowSystemInfo(of: window), info.subsystem == SDL_SYSWM_WAYLAND,
              let display = info.info.wl.display, let surface = info.info.wl.surface,
              let queue = wl_display_create_queue(display) else { return nil }
        self.display = display
        self.surface = surface
        self.queue = queue
        // The registry is made on our queue through a wrapper, so no event of it reaches SDL's queue.
        let wrapper = OpaquePointer(wl_proxy_create_wrapper(UnsafeMutableRawPointer(display)))
        wl_proxy_set_queue(wrapper, queue)
        registry = wl_display_get_registry(wrapper)
        wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(wrapper))
        let me = Unmanaged.passUnretained(self).toOpaque()
        wl_registry_add_listener(registry, &Self.registryListener, me)
        // The globals, and the seat bound; its pointer comes with its capabilities, now or when a
        // pointer device appears.
        _ = wl_display_roundtrip_queue(display, queue)
        guard seat != nil else { return nil }
    }

    deinit {
        if let pointer { wl_pointer_release(pointer) }
        if let seat { wl_seat_release(seat) }
        if let registry { wl_registry_destroy(registry) }
        wl_event_queue_destroy(queue)
    }

    /// Runs what SDL's pumping read for us; returns the inputs since the last call, in order.
    func dispatch() -> [Timed] {
        _ = wl_display_dispatch_queue_pending(display, queue)
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }

    // MARK: Listeners

    private static func this(_ data: UnsafeMutableRawPointer?) -> WaylandPointer {
        Unmanaged<WaylandPointer>.fromOpaque(data!).takeUnretainedValue()
    }

    /// wl_seat 8 has `axis_value120`; 5 the source, stop and discrete steps.
    private static let seatVersion: UInt32 = 8

    nonisolated(unsafe) private static var registryListener = wl_registry_listener(
        global: { data, registry, name, interface, version in
            guard let interface, String(cString: interface) == "wl_seat", version >= 5 else { return }
            let this = WaylandPointer.this(data)
            guard this.seat == nil, let seatInterface = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wl_seat_interface") else { return }
            let bound = OpaquePointer(wl_registry_bind(registry, name, seatInterface.assumingMemoryBound(to: wl_interface.self),
                                                       min(version, seatVersion)))
            this.seat = bound
            wl_seat_add_listener(bound, &seatListener, data)
        },
        global_remove: { _, _, _ in }
    )

    nonisolated(unsafe) private static var seatListener = wl_seat_listener(
        capabilities: { data, seat, capabilities in
            let this = WaylandPointer.this(data)
            let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
            if hasPointer, this.pointer == nil {
                this.pointer = wl_seat_get_pointer(seat)
                wl_pointer_add_listener(this.pointer, &pointerListener, data)
            } else if !hasPointer, let pointer = this.pointer {
                wl_pointer_release(pointer)
                this.pointer = nil
                this.focused = false
            }
        },
        name: { _, _, _ in }
    )

    nonisolated(unsafe) private static var pointerListener = wl_pointer_listener(
        enter: { data, _, _, surface, x, y in
            let this = WaylandPointer.this(data)
            this.focused = surface == this.surface
            this.position = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        },
        leave: { data, _, _, _ in WaylandPointer.this(data).focused = false },
        motion: { data, _, time, x, y in
            let this = WaylandPointer.this(data)
            guard this.focused else { return }
            this.position = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            this.pending.append(Timed(milliseconds: time, event: .mouseMove(this.position)))
        },
        button: { data, _, _, time, button, state in
            let this = WaylandPointer.this(data)
            guard this.focused, button == 0x110 else { return }  // BTN_LEFT
            let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
            this.pending.append(Timed(milliseconds: time, event: pressed ? .mouseDown(this.position) : .mouseUp(this.position)))
        },
        axis: { data, _, time, axis, value in
            let this = WaylandPointer.this(data)
            guard axis < 2 else { return }
            this.frame.time = time
            this.frame.value[Int(axis)] += wl_fixed_to_double(value)
        },
        frame: { data, _ in WaylandPointer.this(data).endFrame() },
        axis_source: { data, _, source in WaylandPointer.this(data).frame.source = source },
        axis_stop: { data, _, time, _ in
            let this = WaylandPointer.this(data)
            this.frame.time = time
            this.frame.stopped = true
        },
        axis_discrete: { data, _, axis, discrete in
            guard axis < 2 else { return }
            WaylandPointer.this(data).frame.discrete[Int(axis)] = discrete
        },
        axis_value120: { data, _, axis, value120 in
            guard axis < 2 else { return }
            WaylandPointer.this(data).frame.value120[Int(axis)] = value120
        }
    )

    private func endFrame() {
        defer { frame = Frame() }
        guard focused else { return }
        pending += frame.inputs(shift: EventTranslator.shiftHeld).map { Timed(milliseconds: frame.time, event: $0) }
    }
}

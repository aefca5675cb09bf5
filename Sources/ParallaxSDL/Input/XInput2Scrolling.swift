import CSDL2
import CSDL2SysWM
import ParallaxEngine

/// A trackpad's smooth scrolling on X11, read from XInput2's scroll valuators, which SDL2 never
/// reads (it makes whole wheel clicks of the server's legacy button 4-7 copies, so 219 px of finger
/// travel arrived as 22 animated notches). docs/input-and-trackpads.md, "Trackpads", has the units.
///
/// Each pointer device with an `XIScrollClass` accumulates its scroll valuators; a motion's delta
/// is its value less the last one seen from the same source device (the baseline), and one
/// increment is one click of that server: 10 px under Xwayland (which divides Wayland's surface px
/// by 10), and the increment itself under Xorg's libinput driver, whose valuator unit is a pixel.
/// A delta of whole increments is a wheel's click, any other a finger's (a finger stream in steps of
/// exactly one click cannot be told apart; `EventTranslator.preciseStickiness` keeps the whole steps
/// inside a finger stream precise).
///
/// SDL2 frees an XInput2 event's data right after it hands the message on, so the valuators are
/// read in an `SDL_AddEventWatch` callback, when SDL pushes the message, and picked up when that
/// message is polled. Where the server has no scroll class (Xvfb), nothing is read and the
/// core wheel path stays as it is.
final class XInput2Scrolling {
    struct ScrollValuator {
        let number: Int32
        let increment: Double
        let horizontal: Bool
        /// 10 under Xwayland (its devices are named `xwayland-…`); else the increment, in pixels.
        let pixelsPerClick: Double
    }

    /// What one `XI_Motion` message scrolled.
    struct Scroll: Equatable {
        var serverTime: Int64
        /// Clicks (valuator delta over increment), > 0 down and right.
        var clicks: (dx: Double, dy: Double) = (0, 0)
        /// The same in logical px.
        var pixels: (dx: Double, dy: Double) = (0, 0)

        static func == (a: Scroll, b: Scroll) -> Bool {
            a.serverTime == b.serverTime && a.clicks == b.clicks && a.pixels == b.pixels
        }
    }

    private let display: OpaquePointer
    private let opcode: Int32
    private var valuators: [Int32: [ScrollValuator]] = [:]
    private var baselines: [Int32: [Int32: Double]] = [:]
    /// Motions with a serial below this are in the baselines already (`readDevices`).
    private var countedBefore: UInt = 0
    /// What each `XI_Motion` message held, by the cookie number Xlib gives each generic event,
    /// until its message is polled (a message SDL drops unpolled leaves its entry, so only the
    /// newest are kept).
    private var decoded: [UInt32: Scroll] = [:]
    /// Server times of the scrolls read lately: the legacy button copies carry the same time.
    private var recentScrollTimes: [Int64] = []

    /// Reads the window's X connection; nil where it is not X11 or the server has no XInput. SDL has
    /// announced its XInput 2 version on the connection already (asking again for another is an
    /// error), and the scroll classes need 2.1, which SDL asks for.
    init?(window: OpaquePointer) {
        guard let info = windowSystemInfo(of: window), info.subsystem == SDL_SYSWM_X11,
              let display = info.info.x11.display else { return nil }
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return nil }
        self.display = display
        self.opcode = opcode
        Self.select(display, window: info.info.x11.window, events: [XI_Motion], devices: XIAllMasterDevices)
        Self.select(display, window: XDefaultRootWindow(display), events: [XI_HierarchyChanged, XI_DeviceChanged], devices: XIAllDevices)
        readDevices()
        SDL_AddEventWatch(Self.watch, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        SDL_DelEventWatch(Self.watch, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Adds `events` to what the window already selects for `devices` (SDL's own selection stays).
    private static func select(_ display: OpaquePointer, window: Window, events: [Int32], devices: Int32) {
        var mask = [UInt8](repeating: 0, count: Int(XI_LASTEVENT >> 3) + 1)
        var count: Int32 = 0
        if let selected = XIGetSelectedEvents(display, window, &count) {
            for i in 0..<Int(count) where selected[i].deviceid == devices {
                for byte in 0..<min(Int(selected[i].mask_len), mask.count) { mask[byte] |= selected[i].mask[byte] }
            }
            XFree(selected)
        }
        for event in events { mask[Int(event >> 3)] |= UInt8(1 << (event & 7)) }
        mask.withUnsafeMutableBufferPointer { bytes in
            var selection = XIEventMask(deviceid: devices, mask_len: Int32(bytes.count), mask: bytes.baseAddress)
            _ = XISelectEvents(display, window, &selection, 1)
        }
    }

    /// Every pointer device's scroll valuators, and their values now as the baselines. The values
    /// are the server's when it answers, so they include the motions it made before then that are
    /// still on their way to us: those carry a serial below the query's, and add nothing again.
    private func readDevices() {
        valuators = [:]
        baselines = [:]
        countedBefore = XNextRequest(display)
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return }
        defer { XIFreeDeviceInfo(devices) }
        for device in UnsafeBufferPointer(start: devices, count: Int(count)) {
            let xwayland = device.name.map { String(cString: $0).hasPrefix("xwayland-") } ?? false
            var scrolls: [ScrollValuator] = []
            var values: [Int32: Double] = [:]
            for c in 0..<Int(device.num_classes) {
                guard let any = device.classes[c] else { continue }
                switch any.pointee.type {
                case XIScrollClass:
                    let scroll = UnsafeRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                    guard scroll.increment != 0 else { continue }
                    scrolls.append(ScrollValuator(number: scroll.number, increment: scroll.increment,
                                                  horizontal: scroll.scroll_type == XIScrollTypeHorizontal,
                                                  pixelsPerClick: xwayland ? 10 : abs(scroll.increment)))
                case XIValuatorClass:
                    let valuator = UnsafeRawPointer(any).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                    values[valuator.number] = valuator.value
                default: break
                }
            }
            guard !scrolls.isEmpty else { continue }
            valuators[device.deviceid] = scrolls
            baselines[device.deviceid] = values.filter { number, _ in scrolls.contains { $0.number == number } }
        }
    }

    private static let watch: SDL_EventFilter = { userdata, event in
        guard let userdata, let event else { return 0 }
        Unmanaged<XInput2Scrolling>.fromOpaque(userdata).takeUnretainedValue().pushed(event.pointee)
        return 0
    }

    /// SDL pushes a message: while its XInput2 data is still there, read it. The pointer entering
    /// the window resets the baselines (what it scrolled elsewhere is not ours), here in push order,
    /// before the motions that follow it are read.
    private func pushed(_ event: SDL_Event) {
        guard event.type == SDL_SYSWMEVENT.rawValue, let message = event.syswm.msg, message.pointee.subsystem == SDL_SYSWM_X11 else { return }
        if message.pointee.msg.x11.event.type == EnterNotify { return readDevices() }
        let cookie = message.pointee.msg.x11.event.xcookie
        guard cookie.type == GenericEvent, cookie.extension == opcode else { return }
        switch cookie.evtype {
        case XI_Motion:
            guard let scroll = cookie.data.flatMap({ scroll(of: $0.assumingMemoryBound(to: XIDeviceEvent.self).pointee) }) else { return }
            if decoded.count >= 256, let oldest = decoded.keys.min() { decoded[oldest] = nil }
            decoded[cookie.cookie] = scroll
        case XI_HierarchyChanged, XI_DeviceChanged:
            readDevices()
        default: break
        }
    }

    /// The clicks a motion scrolled, updating its source device's baselines.
    func scroll(of motion: XIDeviceEvent) -> Scroll? {
        guard motion.flags & XIPointerEmulated == 0, motion.serial >= countedBefore, let scrolls = valuators[motion.sourceid] else { return nil }
        let values = Self.values(of: motion.valuators)
        var scroll = Scroll(serverTime: Int64(motion.time))
        for valuator in scrolls {
            guard let value = values[valuator.number] else { continue }
            defer { baselines[motion.sourceid, default: [:]][valuator.number] = value }
            guard let baseline = baselines[motion.sourceid]?[valuator.number] else { continue }
            let clicks = (value - baseline) / valuator.increment
            let pixels = clicks * valuator.pixelsPerClick
            if valuator.horizontal {
                scroll.clicks.dx += clicks; scroll.pixels.dx += pixels
            } else {
                scroll.clicks.dy += clicks; scroll.pixels.dy += pixels
            }
        }
        guard scroll.clicks != (0, 0) else { return nil }
        recentScrollTimes.append(scroll.serverTime)
        if recentScrollTimes.count > 64 { recentScrollTimes.removeFirst(recentScrollTimes.count - 64) }
        return scroll
    }

    /// The values a motion carries, by valuator number (the mask's set bits, in order).
    static func values(of state: XIValuatorState) -> [Int32: Double] {
        var values: [Int32: Double] = [:]
        var next = 0
        for number in 0..<Int32(state.mask_len * 8) where state.mask[Int(number >> 3)] & UInt8(1 << (number & 7)) != 0 {
            values[number] = state.values[next]
            next += 1
        }
        return values
    }

    enum Polled: Equatable {
        case scroll(Scroll)
        /// A core button 4-7 press with the server time of a scroll already read: the server's
        /// legacy copy of it, which SDL makes a wheel click of next.
        case copyOfScroll
    }

    /// A polled message: the scroll its `XI_Motion` held, or a legacy copy of one; nil for others.
    func polled(_ event: SDL_Event) -> Polled? {
        guard let message = event.syswm.msg, message.pointee.subsystem == SDL_SYSWM_X11 else { return nil }
        let x = message.pointee.msg.x11.event
        switch x.type {
        case ButtonPress where (4...7).contains(x.xbutton.button) && recentScrollTimes.contains(Int64(x.xbutton.time)):
            return .copyOfScroll
        case GenericEvent where x.xcookie.extension == opcode && x.xcookie.evtype == XI_Motion:
            return decoded.removeValue(forKey: x.xcookie.cookie).map(Polled.scroll)
        default: break
        }
        return nil
    }
}

import CDBus
import Foundation

/// The desktop's own settings that the window follows (docs/input-and-trackpads.md, "The desktop's
/// settings"): GNOME's "reduce animations" (`org.gnome.desktop.interface enable-animations`, false to
/// reduce), read through the settings portal on the session bus where a bus and a portal answer, else
/// from `gsettings` where it is installed. Asked on a thread of its own while the window opens, and
/// never waited for longer than `budget`: a desktop that does not answer in time says nothing.
public enum DesktopSettings {
    /// How long the window's start may wait for the desktop, from when it asked.
    public static let budget: DispatchTimeInterval = .milliseconds(200)

    /// An answer on its way from another thread.
    public final class Answer: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var value: Bool?
        private let deadline: DispatchTime

        init(deadline: DispatchTime) { self.deadline = deadline }

        fileprivate func finish(_ answer: Bool?) {
            lock.withLock { value = answer }
            done.signal()
        }

        /// The answer, waiting for it until the budget from the question is spent; nil where the
        /// desktop said nothing or not in time.
        public func wait() -> Bool? {
            guard done.wait(timeout: deadline) == .success else { return nil }
            done.signal()
            return lock.withLock { value }
        }
    }

    /// Starts asking whether the desktop wants reduced motion (animations off).
    public static func askReducedMotion(environment: [String: String] = ProcessInfo.processInfo.environment) -> Answer {
        let deadline = DispatchTime.now() + budget
        let answer = Answer(deadline: deadline)
        Thread.detachNewThread {
            let animations = portalRead(namespace: "org.gnome.desktop.interface", key: "enable-animations", environment: environment, deadline: deadline)
                ?? gsettingsGet(schema: "org.gnome.desktop.interface", key: "enable-animations", deadline: deadline)
            answer.finish(animations.map { !$0 })
        }
        return answer
    }

    /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else the user's bus at
    /// `$XDG_RUNTIME_DIR/bus` where there is one; nil without either (never libdbus's autolaunch,
    /// which would start a bus of its own).
    static func sessionBusAddress(environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        var status = stat()
        guard stat(runtime + "/bus", &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return "unix:path=" + runtime + "/bus"
    }

    static let portalName = "org.freedesktop.portal.Desktop"
    static let portalPath = "/org/freedesktop/portal/desktop"
    static let settingsInterface = "org.freedesktop.portal.Settings"

    /// A boolean setting through the portal's `Settings.Read`; nil where there is no bus or portal,
    /// the key is unknown, or the answer is not a boolean.
    static func portalRead(namespace: String, key: String, environment: [String: String], deadline: DispatchTime) -> Bool? {
        guard let address = sessionBusAddress(environment: environment) else { return nil }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else { return nil }
        defer {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0,
              let call = dbus_message_new_method_call(portalName, portalPath, settingsInterface, "Read") else { return nil }
        defer { dbus_message_unref(call) }
        var arguments = DBusMessageIter()
        dbus_message_iter_init_append(call, &arguments)
        for text in [namespace, key] {
            let appended = text.withCString { characters in
                var pointer: UnsafePointer<CChar>? = characters
                return dbus_message_iter_append_basic(&arguments, Self.type("s"), &pointer)
            }
            guard appended != 0 else { return nil }
        }
        let milliseconds = max(1, Int32(clamping: (deadline.uptimeNanoseconds &- DispatchTime.now().uptimeNanoseconds) / 1_000_000))
        guard deadline > .now(), let reply = dbus_connection_send_with_reply_and_block(connection, call, milliseconds, &error) else { return nil }
        defer { dbus_message_unref(reply) }
        var value = DBusMessageIter()
        guard dbus_message_iter_init(reply, &value) != 0 else { return nil }
        // The portal wraps the setting's variant in the reply's own.
        while dbus_message_iter_get_arg_type(&value) == Self.type("v") {
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&value, &inner)
            value = inner
        }
        guard dbus_message_iter_get_arg_type(&value) == Self.type("b") else { return nil }
        var boolean: dbus_bool_t = 0
        dbus_message_iter_get_basic(&value, &boolean)
        return boolean != 0
    }

    /// A D-Bus type code ("s", "v", "b").
    private static func type(_ code: Character) -> Int32 { Int32(code.asciiValue!) }

    /// A boolean from `gsettings get SCHEMA KEY`; nil where gsettings is not installed, the schema
    /// is unknown, or it does not answer by `deadline` (it is then stopped).
    static func gsettingsGet(schema: String, key: String, deadline: DispatchTime) -> Bool? {
        guard let gsettings = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map({ "\($0)/gsettings" }).first(where: FileManager.default.isExecutableFile(atPath:)) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gsettings)
        process.arguments = ["get", schema, key]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        guard (try? process.run()) != nil else { return nil }
        guard ended.wait(timeout: deadline) == .success else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        switch String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }
}

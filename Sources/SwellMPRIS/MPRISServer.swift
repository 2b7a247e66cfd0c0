import CMPRIS
import CSystemd
import Dispatch
import Foundation
import SwellScript
import SwellSession
import SwellSndFile
import Synchronization

/// A session's media-player interface on the D-Bus session bus, as the
/// MPRIS specification describes it
/// (https://specifications.freedesktop.org/mpris-spec/latest/): the name
/// `org.mpris.MediaPlayer2.swell.instancePID`, the object
/// `/org/mpris/MediaPlayer2` with the interfaces `org.mpris.MediaPlayer2`
/// and `org.mpris.MediaPlayer2.Player` — what desktop media keys,
/// `playerctl` and sound applets drive (docs/control.md#media-keys-mpris).
///
/// sd-bus is not thread-safe, so the connection has a thread of its own,
/// which sleeps in `poll` on the bus and an `eventfd`. A method that
/// changes the session waits, as a ``ControlRequest``, for the owning
/// thread — the same path as a control socket's requests, run by the same
/// ``ControlResponder`` — and is answered once it has run. Properties are
/// read from the ``MPRISStatus`` the owning thread publishes after each
/// turn, and `PropertiesChanged` names those that differ from the last
/// signal's, whoever changed them: `swell ctl`, MPRIS, the script, the next
/// file.
public final class MPRISServer: PlaybackService, Sendable {
    static let objectPath = SWELL_MPRIS_PATH
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    /// How often the bus thread looks at the published volume, at most:
    /// a ramp's `PropertiesChanged` signals come at this pace, not the
    /// owning thread's.
    static let volumeInterval: Int32 = 100

    /// The connection and the handlers its vtables call, which are not
    /// thread-safe: set up by ``connect(layers:files:playing:)``, then used
    /// by the bus thread alone until it ends.
    private struct Connection: @unchecked Sendable {
        let bus: OpaquePointer
        let handlers: UnsafeMutablePointer<swell_mpris_handlers>
    }

    private let connection: Connection
    /// Wakes the bus thread: a reply to send, a status to announce, the end.
    private let wakeup: Int32
    /// The session's layers, which a `Volume` request is parsed against.
    private let layers: [LayerSpec]
    /// The files' tags, by path.
    private let tags: [String: [SoundFileTag: String]]
    /// Calls waiting for the owning thread.
    private let inbox = Locked<[MPRISCall]>([])
    /// Calls the owning thread has run, waiting for the bus thread to reply.
    private let answered = Locked<[(call: MPRISCall, reply: ControlReply)]>([])
    private let status: Locked<MPRISStatus>
    private let isClosing = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Registers this process on the session bus and starts serving it; nil,
    /// silently, when there is no session bus to reach — the session plays
    /// as it would without one. `layers` are the session's, `files` the
    /// ones it plays; `session` is the one playing, whose status is
    /// published before the name is taken, so a client that finds the name
    /// reads what is playing.
    public static func connect(layers: [LayerSpec], files: [SoundFileSource], playing session: Session) -> (any PlaybackService)? {
        // libsystemd is loaded only for a bus that exists.
        guard sessionBusExists, swell_sd_bus_load() == 0 else { return nil }
        var opened: OpaquePointer?
        guard swell_sd_bus_open_user(&opened) >= 0, let bus = opened else { return nil }
        let server = MPRISServer(bus: bus, layers: layers, files: files, playing: session)
        let name = "org.mpris.MediaPlayer2.swell.instance\(getpid())"
        guard swell_mpris_add_object(bus, server.connection.handlers) >= 0, swell_sd_bus_request_name(bus, name, 0) >= 0 else {
            swell_sd_bus_flush_close_unref(bus)
            return nil
        }
        Thread.detachNewThread { server.serveBus() }
        return server
    }

    /// Whether there is a session bus to reach: the address sd-bus takes,
    /// `DBUS_SESSION_BUS_ADDRESS`, or its default, the socket
    /// `$XDG_RUNTIME_DIR/bus`.
    static var sessionBusExists: Bool {
        let environment = ProcessInfo.processInfo.environment
        if environment["DBUS_SESSION_BUS_ADDRESS"].map({ !$0.isEmpty }) == true { return true }
        guard let runtime = environment["XDG_RUNTIME_DIR"] else { return false }
        var status = stat()
        return stat(runtime + "/bus", &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }

    private init(bus: OpaquePointer, layers: [LayerSpec], files: [SoundFileSource], playing session: Session) {
        self.layers = layers
        tags = Dictionary(files.map { ($0.format.path, $0.tags) }, uniquingKeysWith: { first, _ in first })
        status = Locked(MPRISStatus(session: session, tags: tags, previous: nil))
        wakeup = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        let handlers = UnsafeMutablePointer<swell_mpris_handlers>.allocate(capacity: 1)
        connection = Connection(bus: bus, handlers: handlers)
        handlers.initialize(to: swell_mpris_handlers(
            context: nil,
            call: { context, member, message, error in
                MPRISServer.from(context).call(String(cString: member!), message!, error!)
            },
            get: { context, property, reply, _ in
                guard let value = MPRISServer.from(context).status.withLock({ $0 }).value(of: String(cString: property!)) else {
                    return -ENOENT
                }
                return value.append(to: reply!)
            },
            set: { context, _, value, error in
                MPRISServer.from(context).setVolume(value!, error!)
            }))
        handlers.pointee.context = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        connection.handlers.deallocate()
        Glibc.close(wakeup)
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> MPRISServer {
        Unmanaged<MPRISServer>.fromOpaque(context!).takeUnretainedValue()
    }

    // MARK: The owning thread

    /// Runs the calls that arrived since the last turn with `respond`, then
    /// publishes `session`'s status and hands the replies to the bus
    /// thread — so a client that hears back from `Pause` reads `Paused`.
    /// Returns whether one of them was `Stop`.
    public func serve(_ session: Session, respond: (SessionCommand) -> ControlReply) -> Bool {
        let calls = inbox.withLock { calls in
            defer { calls.removeAll(keepingCapacity: true) }
            return calls
        }
        var replies: [(call: MPRISCall, reply: ControlReply)] = []
        var stops = false
        for call in calls {
            let request = call.action.request(paused: session.engine.isRootLayerPaused)
            replies.append((call, respond(request)))
            if case .stop = request { stops = true }
        }
        let changed = status.withLock { published in
            let now = MPRISStatus(session: session, tags: tags, previous: published.track)
            defer { published = now }
            return now.playback != published.playback || now.track != published.track || now.seeks != published.seeks
        }
        if !replies.isEmpty { answered.withLock { $0 += replies } }
        if changed || !replies.isEmpty { wake() }
        return stops
    }

    /// Leaves the bus — the name goes with the connection — once the replies
    /// owed are sent; calls that have not run are told the session ended.
    public func close() {
        guard !isClosing.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake()
        finished.wait()
    }

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeup, &one, MemoryLayout<UInt64>.size)
    }

    // MARK: The bus thread

    /// Dispatches the bus's messages, sends replies and signals, and
    /// sleeps until the bus or the owning thread has something, until the
    /// server closes or the bus goes away.
    private func serveBus() {
        let bus = connection.bus
        var announced = status.withLock { $0 }
        while true {
            var processed: Int32
            repeat { processed = swell_sd_bus_process(bus, nil) } while processed > 0
            guard processed >= 0 else { break }
            sendReplies(on: bus)
            announceChanges(since: &announced, on: bus)
            if isClosing.load(ordering: .acquiring) { break }
            wait(on: bus)
        }
        let unanswered = inbox.withLock { calls in
            defer { calls.removeAll() }
            return calls
        }
        answered.withLock { $0 += unanswered.map { ($0, ControlReply.failure("the session has ended")) } }
        sendReplies(on: bus)
        swell_sd_bus_flush_close_unref(bus)
        finished.signal()
    }

    /// A method of either interface, on the bus thread.
    private func call(_ member: String, _ message: OpaquePointer, _ error: UnsafeMutablePointer<sd_bus_error>) -> Int32 {
        let action: MPRISCall.Action
        switch member {
        case "Play": action = .request(.resume)
        case "Pause": action = .request(.pause)
        case "PlayPause": action = .playPause
        case "Stop", "Quit": action = .request(.stop)
        case "Seek", "SetPosition":
            guard let request = seekRequest(member, message) else { return swell_mpris_reply_empty(message) }
            action = .request(request)
        case "OpenUri":
            return swell_sd_bus_error_set(error, "org.freedesktop.DBus.Error.NotSupported",
                                    "a swell session plays the files it was started with")
        default:
            // Raise, Next, Previous: with CanRaise, CanGoNext and
            // CanGoPrevious false, the specification has each do nothing.
            return swell_mpris_reply_empty(message)
        }
        swell_sd_bus_message_ref(message)
        inbox.withLock { $0.append(MPRISCall(action: action, message: message)) }
        return 1
    }

    /// `Seek(x Offset)` and `SetPosition(o TrackId, x Position)`, in
    /// microseconds, as the `seek` and `position` requests; nil for a call
    /// the specification has do nothing: any while `CanSeek` is false, a
    /// `SetPosition` naming another track than the one playing or a
    /// position outside it. (A `Seek` before the start goes to the start
    /// and past the end ends the file, ``ControlResponder``.) The track is
    /// the one last published, a turn of the owning thread old at most.
    private func seekRequest(_ member: String, _ message: OpaquePointer) -> SessionCommand? {
        let now = status.withLock { $0 }
        guard now.canSeek, let track = now.track else { return nil }
        var trackID: UnsafePointer<CChar>?
        var microseconds: Int64 = 0
        if member == "SetPosition" {
            guard swell_sd_bus_message_read_basic(message, CChar(bitPattern: UInt8(ascii: "o")), &trackID) >= 0,
                  let trackID, String(cString: trackID) == track.id else { return nil }
        }
        guard swell_sd_bus_message_read_basic(message, CChar(bitPattern: UInt8(ascii: "x")), &microseconds) >= 0 else { return nil }
        let seconds = Double(microseconds) / 1e6
        guard member == "SetPosition" else { return .seek(seconds) }
        return microseconds >= 0 && microseconds <= track.length ?? .max ? .position(seconds) : nil
    }

    /// `Volume` set, on the bus thread: the `set` request `swell ctl set
    /// volume=…` sends — the layer's implicit animation from the presented
    /// volume — with a negative volume taken as 0, as the specification
    /// says. A property set is answered at once, so the call waits for
    /// nobody; the change is announced when the owning thread has made it.
    private func setVolume(_ value: OpaquePointer, _ error: UnsafeMutablePointer<sd_bus_error>) -> Int32 {
        var volume = 0.0
        let read = swell_sd_bus_message_read_basic(value, CChar(bitPattern: UInt8(ascii: "d")), &volume)
        guard read >= 0 else { return read }
        do {
            guard volume.isFinite else { throw ControlError("the volume \(volume) is not a number") }
            let request = try SessionCommand(.set([(AudioKey.volume, JSONValue(max(volume, 0)))]), layers: layers,
                                             source: "Volume")
            inbox.withLock { $0.append(MPRISCall(action: .request(request), message: nil)) }
            return 0
        } catch let refused {
            return swell_sd_bus_error_set(error, "org.freedesktop.DBus.Error.InvalidArgs", "\(refused)")
        }
    }

    /// Replies to the method calls the owning thread has run: an empty
    /// return, or a D-Bus error with the session's message.
    private func sendReplies(on bus: OpaquePointer) {
        let replies = answered.withLock { replies in
            defer { replies.removeAll() }
            return replies
        }
        for (call, reply) in replies {
            guard let message = call.message else { continue }
            if let failure = reply.error {
                var error = sd_bus_error()
                swell_sd_bus_error_set(&error, "org.freedesktop.DBus.Error.Failed", failure)
                swell_sd_bus_reply_method_error(message, &error)
                swell_sd_bus_error_free(&error)
            } else {
                swell_mpris_reply_empty(message)
            }
            swell_sd_bus_message_unref(message)
        }
    }

    /// Emits `PropertiesChanged` for the player's properties that differ
    /// from the last signal's (`Position` changes all the time and is not
    /// announced, as the specification says), and `Seeked` with the new
    /// position after a seek, whoever asked for it.
    private func announceChanges(since announced: inout MPRISStatus, on bus: OpaquePointer) {
        let now = status.withLock { $0 }
        // The count starts again with each file's session, whose track
        // change Metadata announces.
        if now.seeks > announced.seeks { swell_mpris_emit_seeked(bus, now.seekedPosition) }
        defer { announced = now }
        var names: [String] = []
        if now.playback != announced.playback { names.append("PlaybackStatus") }
        if now.volume != announced.volume { names.append("Volume") }
        if now.track != announced.track { names.append("Metadata") }
        if now.canSeek != announced.canSeek { names.append("CanSeek") }
        guard !names.isEmpty else { return }
        var strings = names.map { strdup($0) } + [nil]
        defer { strings.forEach { free($0) } }
        swell_sd_bus_emit_properties_changed_strv(bus, Self.objectPath, Self.playerInterface, &strings)
    }

    /// Sleeps until the bus has a message or room to write, the owning
    /// thread wakes it, sd-bus has a timeout to run, or the volume is due
    /// to be looked at again.
    private func wait(on bus: OpaquePointer) {
        var descriptors = [
            pollfd(fd: swell_sd_bus_get_fd(bus), events: Int16(truncatingIfNeeded: swell_sd_bus_get_events(bus)), revents: 0),
            pollfd(fd: wakeup, events: Int16(POLLIN), revents: 0),
        ]
        var timeout = Self.volumeInterval
        var deadline: UInt64 = 0
        if swell_sd_bus_get_timeout(bus, &deadline) >= 0, deadline != .max {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let microseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
            timeout = deadline <= microseconds ? 0 : Int32(min(UInt64(timeout), (deadline - microseconds + 999) / 1_000))
        }
        guard poll(&descriptors, 2, timeout) > 0, descriptors[1].revents & Int16(POLLIN) != 0 else { return }
        var count: UInt64 = 0
        _ = read(wakeup, &count, MemoryLayout<UInt64>.size)
    }
}

/// A method call waiting for the owning thread.
struct MPRISCall: @unchecked Sendable {
    enum Action: Sendable {
        case request(SessionCommand)
        /// `PlayPause`: which it is depends on the tree when it runs.
        case playPause

        func request(paused: Bool) -> SessionCommand {
            switch self {
            case .request(let request): request
            case .playPause: paused ? .resume : .pause
            }
        }
    }

    let action: Action
    /// The call to reply to, referenced until the reply is sent (nil for a
    /// property set, already answered); only the bus thread touches it,
    /// the owning thread passes it on.
    let message: OpaquePointer?
}

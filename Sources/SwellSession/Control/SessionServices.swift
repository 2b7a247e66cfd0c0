import SwellOSC
import SwellScript
import SwellSndFile

/// A service a playing session answers on its owning thread beside its
/// control socket — SwellMPRIS's media-player interface. Its requests run
/// through the session's ``ControlResponder``, as the socket's do.
public protocol PlaybackService: AnyObject {
    /// Runs the requests that arrived since the last turn with `respond`
    /// and publishes `session`'s state; true when one asked the session to
    /// stop.
    func serve(_ session: Session, respond: (SessionCommand) -> ControlReply) -> Bool
    /// Ends the service once the replies it owes are sent.
    func close()
}

/// Makes a service for a session once its first file plays: `layers` are
/// the ones requests may name, `files` the ones it plays, `session` the
/// first playing. Nil when the service cannot run here (no session bus).
public typealias PlaybackServiceFactory = @Sendable (
    _ layers: [LayerSpec], _ files: [SoundFileSource], _ session: Session
) -> (any PlaybackService)?

/// What a running session answers between its turns, on its owning
/// thread: its control socket's requests, its OSC input's and its
/// services', each run by the one responder of the layer tree it plays
/// (docs/control.md, docs/osc.md#in).
public final class SessionServices {
    /// The control socket, when one listens.
    public let server: ControlServer?
    /// The OSC input, when the session listens for OSC (`--osc`).
    public let osc: OSCInput?
    private let factories: [PlaybackServiceFactory]
    private let layers: [LayerSpec]
    private var services: [any PlaybackService] = []
    private var started = false

    /// Listens on a socket in `directory` (none when nil) for requests
    /// naming `layers`, and on `osc` if given; `factories` make the other
    /// services when the first file plays (``start(files:playing:)``).
    public init(control directory: ControlDirectory?, layers: [LayerSpec], services factories: [PlaybackServiceFactory] = [],
                osc: OSCInput? = nil) {
        server = ControlServer.listening(in: directory, layers: layers)
        self.osc = osc
        self.factories = factories
        self.layers = layers
    }

    /// Starts the services once `session` plays `files`: a client that
    /// finds one reads what is playing.
    public func start(files: [SoundFileSource], playing session: Session) {
        guard !started else { return }
        started = true
        services = factories.compactMap { $0(layers, files, session) }
    }

    /// Answers every request waiting, in order, with `responder`; `session`
    /// is the one playing, whose state the services publish. True when one
    /// asked the session to stop.
    public func answer(with responder: ControlResponder, playing session: Session? = nil) -> Bool {
        var stopped = responder.answer(server)
        osc?.answer(with: responder)
        if let session {
            for service in services { stopped = service.serve(session, respond: responder.respond) || stopped }
        }
        return stopped
    }

    /// Answers `get` requests from `host`'s presentation at once, on the
    /// socket's threads, for the layers of `stage` (docs/control.md#requests).
    public func answerGets(from host: RenderHost, stage: AutomationStage) {
        server?.answerGets(from: host.presentationReader, serials: stage.layers.mapValues(\.serial))
    }

    /// Closes the socket and the services, once the replies owed are sent.
    public func close() {
        server?.close()
        osc?.close()
        for service in services { service.close() }
    }
}

import Foundation

/// A layer whose animated `value` is sent to an OSC address: a mixer's
/// fader, a lighting desk's channel, a streaming tool's parameter
/// (docs/osc.md).
///
/// Like ``MixerLayer``'s volume and objc.io's `AudioLayer`, its `value`
/// asks for `display()` while it moves, and `display()` sends the presented
/// value as one 32-bit float — at most ``maxRate`` times a second, only
/// when it changed, and the value an animation arrives at always. A change
/// runs Core Animation's implicit action, a basic animation from the
/// presented value, so a new ramp takes over from wherever the old one is.
open class OSCLayer: CALayer, OutputLayer {
    /// The value sent.
    @Dynamic(.oscValue) public var value: Double = 0
    /// The most messages a second while `value` moves.
    @Dynamic(.maxRate) public var maxRate: Double = 50

    /// Where the value goes; nil for a layer that only computes its curve.
    public private(set) var sender: OSCSender?
    /// The OSC address the value is sent to (`/ch/01/mix/fader`).
    public private(set) var address = "/"
    /// The last error sending, if any.
    public private(set) var sendError: OSCError?
    public var outputFailure: (any Error)? { sendError }
    /// The value last sent, and the host time it was sent at.
    private var sent: (value: Double, time: Double)?

    public override init() {
        super.init()
    }

    /// A layer sending to `address` at `url`.
    public convenience init(url: String, address: String) throws(OSCError) {
        self.init()
        if let problem = LayerParameter.address.problem?(address) { throw OSCError(problem, isBadInput: true) }
        sender = try OSCSender(url: url)
        self.address = address
    }

    public required init(layer: Any) {
        super.init(layer: layer)
    }

    /// Takes the value the layer holds as sent: a layer declared at a value
    /// sends nothing until that value moves. The stage calls it once the
    /// declaration's values are set.
    public func settle() {
        sent = (value, -Double.infinity)
    }

    /// Sends the presented value when it changed: at once when it is where
    /// the layer rests (the model value), else once ``maxRate`` allows.
    open override func display() {
        guard let sender, let presented = presentation()?.value, presented != sent?.value else { return }
        let now = renderHost?.currentTime ?? CACurrentMediaTime()
        if presented != value, let sent, now - sent.time < 1 / maxRate { return }
        do {
            try sender.send([presented], to: address)
            sent = (presented, now)
        } catch {
            sendError = error
        }
    }
}

extension PropertyDeclaration {
    /// `value`: what an OSC layer sends; any number, animated implicitly,
    /// asking for `display()` while it moves.
    public static let oscValue = PropertyDeclaration("value", .implicit, display: true)
    /// `maxRate`: the most messages a second an OSC layer sends while its
    /// value moves; a setting.
    public static let maxRate = PropertyDeclaration("maxRate", .none, range: PropertyRange(
        lowerBound: 0, upperBound: 1000, excludesLowerBound: .always, reason: "it is messages a second"))
}

extension LayerParameter {
    /// An OSC layer's destination, `osc.udp://HOST:PORT` (or `osc.tcp`).
    public static let url = LayerParameter("url", .name, isRequired: true, problem: OSCSender.problem(withURL:))
    /// An OSC layer's address, `/ch/01/mix/fader`: a path of names, no
    /// pattern characters.
    public static let address = LayerParameter("address", .name, isRequired: true) { address in
        guard address.hasPrefix("/"), !address.contains(where: { " #*,?[]{}".contains($0) }) else {
            return "'\(address)' is not an OSC address; write a path such as /ch/01/mix/fader"
        }
        return nil
    }
}

extension LayerKind {
    /// `"type": "osc"`: an ``OSCLayer`` sending its `value` to `address`
    /// at `url` (docs/osc.md).
    public static let osc = LayerKind("osc", { OSCLayer() }, noun: "OSC layer", parameters: [.url, .address])
}

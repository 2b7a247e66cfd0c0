import Foundation

/// A layer whose animated values are sent as one OSC message: a mixer's
/// fader, an XY pad, a lighting desk's colour (docs/osc.md).
///
/// Like ``MixerLayer``'s volume and objc.io's `AudioLayer`, its values ask
/// for `display()` while they move, and `display()` sends the presented
/// ones as 32-bit floats — at most ``maxRate`` times a second, only when
/// they changed, and the values an animation arrives at always. A change
/// runs Core Animation's implicit action, a basic animation from the
/// presented value, so a new ramp takes over from wherever the old one is.
///
/// The message's arguments are, in order, the properties ``arguments``
/// names: `value` by default, or numeric properties the script declares on
/// the layer (`"arguments": "x y", "x": 0.5, "y": 0.5`), as a generic
/// layer's extra keys are.
open class OSCLayer: CALayer, OutputLayer {
    /// The value sent, when the arguments are the default.
    @Dynamic(.oscValue) public var value: Double = 0
    /// The most messages a second while a value moves.
    @Dynamic(.maxRate) public var maxRate: Double = 50

    /// Where the values go; nil for a layer that only computes its curve.
    public private(set) var sender: OSCSender?
    /// The OSC address the values are sent to (`/ch/01/mix/fader`).
    public private(set) var address = "/"
    /// The keys of the properties sent, in order.
    public private(set) var arguments = [PropertyDeclaration.oscValue.key]
    /// The last error sending, if any.
    public private(set) var sendError: OSCError?
    public var outputFailure: (any Error)? { sendError }
    /// The values last sent, and the host time they were sent at.
    private var sent: (values: [Double], time: Double)?

    public override init() {
        super.init()
    }

    /// A layer sending the properties `arguments` to `address` at `url`.
    public convenience init(url: String, address: String, arguments: [String]? = nil) throws(OSCError) {
        self.init()
        if let problem = LayerParameter.address.problem?(address) { throw OSCError(problem, isBadInput: true) }
        sender = try OSCSender(url: url)
        self.address = address
        if let arguments { self.arguments = arguments }
    }

    public required init(layer: Any) {
        super.init(layer: layer)
    }

    /// The keys a script declares on the layer are arguments, animated
    /// implicitly as `value` is.
    open override class var undeclaredPropertyAnimation: PropertyAnimation { .implicit }

    /// `value`, and every argument the script declares, asks for `display()`.
    open override class func needsDisplay(forKey key: String) -> Bool {
        super.needsDisplay(forKey: key) || propertyTable[key] == nil
    }

    /// The arguments' values on `layer` (the model, or its presentation).
    private func values(of layer: CALayer) -> [Double] {
        arguments.map { layer.value(forKey: $0).flatMap(ValueCoercion.number) ?? 0 }
    }

    /// Takes the values the layer holds as sent: a layer declared at a
    /// value sends nothing until that value moves. The stage calls it once
    /// the declaration's values are set.
    public func settle() {
        sent = (values(of: self), -Double.infinity)
    }

    /// Sends the presented values when they changed: at once when they are
    /// where the layer rests (the model values), else once ``maxRate``
    /// allows.
    open override func display() {
        guard let sender, let presentation = presentation() else { return }
        let presented = values(of: presentation)
        guard presented != sent?.values else { return }
        let now = renderHost?.currentTime ?? CACurrentMediaTime()
        if presented != values(of: self), let sent, now - sent.time < 1 / maxRate { return }
        do {
            try sender.send(presented, to: address)
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
    /// The properties an OSC layer sends, in order: names separated by
    /// spaces (`"x y"`); `value` by default.
    public static let arguments = LayerParameter("arguments", .name) { text in
        let names = text.split(separator: " ")
        guard !names.isEmpty, names.allSatisfy({ $0.first.map { $0.isLetter || $0 == "_" } ?? false }) else {
            return "'\(text)' is not a list of property names; write them separated by spaces (\"x y\")"
        }
        return nil
    }
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
    /// `"type": "osc"`: an ``OSCLayer`` sending its `value`, or the
    /// properties its `arguments` name, to `address` at `url` (docs/osc.md).
    public static let osc = LayerKind("osc", { OSCLayer() }, noun: "OSC layer", parameters: [.url, .address, .arguments],
                                      declaresProperties: true)
}

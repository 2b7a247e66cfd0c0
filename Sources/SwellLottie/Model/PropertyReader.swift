import Foundation
import SwellCore

/// Reads Lottie's animatable properties (`{"a": 1, "k": [keyframes]}` or
/// `{"a": 0, "k": value}`) into ``LottieProperty`` values
/// (docs/lottie.md#keyframes).
enum PropertyReader {
    /// A number or vector; `fallback` when the property is missing.
    static func vector(_ node: LottieNode?, default fallback: [Double]) throws(LottieFailure) -> LottieProperty<[Double]> {
        guard let node else { return .constant(fallback) }
        return try property(node) { value throws(LottieFailure) in
            let numbers = try value.numbers()
            // Every reader of a property with a default takes its first number.
            guard !numbers.isEmpty || fallback.isEmpty else { throw value.failure("needs a number, not an empty array") }
            return numbers
        }
    }

    /// A path (`"ks"` of a path shape or a mask's `"pt"`).
    static func bezier(_ node: LottieNode) throws(LottieFailure) -> LottieProperty<LottieBezier> {
        try property(node) { value throws(LottieFailure) in
            // A keyframe's value is a one-path array in current files.
            if let elements = value.elements, let first = elements.first { return try readBezier(first) }
            return try readBezier(value)
        }
    }

    private static func property<Value>(_ node: LottieNode, read: (LottieNode) throws(LottieFailure) -> Value)
        throws(LottieFailure) -> LottieProperty<Value> {
        guard let k = node["k"] else {
            // A bare value (some exporters write `"r": 0`).
            if node.number != nil || node.elements != nil { return .constant(try read(node)) }
            throw node.failure("missing \"k\"")
        }
        guard let frames = k.elements, let first = frames.first, case .object = first.value.kind, first["t"] != nil else {
            return .constant(try read(k))
        }
        var times: [Double] = [], values: [Value] = [], segments: [Keyframes<Value>.Segment] = []
        var pendingEnd: Value?
        for (index, frame) in frames.enumerated() {
            let time = try frame.number("t")
            guard time.isFinite else { throw frame.failure("\"t\" must be finite") }
            if let last = times.last, time < last {
                throw frame.failure("keyframes must be in time order: \(time.formatted) comes after \(last.formatted)")
            }
            // The last keyframe of an old file may give only its time.
            let value: Value
            if let start = frame["s"] {
                value = try read(start)
            } else if let end = pendingEnd {
                value = end
            } else {
                throw frame.failure("missing \"s\"")
            }
            if !times.isEmpty { segments[segments.count - 1].end = pendingEnd ?? value }
            times.append(time)
            values.append(value)
            pendingEnd = try frame["e"].map { e throws(LottieFailure) in try read(e) }
            guard index + 1 < frames.count else { break }
            segments.append(Keyframes<Value>.Segment(
                end: value, hold: frame.flag("h"), easings: try easings(frame),
                spatial: try spatial(frame)))
        }
        if values.count == 1 { return .constant(values[0]) }
        return .animated(Keyframes(times: times, values: values, segments: segments))
    }

    /// The segment's easings from the keyframe's `o` and `i`; linear when
    /// they are missing (a hold has none).
    private static func easings(_ frame: LottieNode) throws(LottieFailure) -> [Easing] {
        guard let out = frame["o"], let into = frame["i"] else { return [.linear] }
        let ox = try out.required("x").numbers(), oy = try out.required("y").numbers()
        let ix = try into.required("x").numbers(), iy = try into.required("y").numbers()
        let count = max(ox.count, oy.count, ix.count, iy.count)
        guard !ox.isEmpty, !oy.isEmpty, !ix.isEmpty, !iy.isEmpty else { return [.linear] }
        func at(_ values: [Double], _ d: Int) -> Double { values[min(d, values.count - 1)] }
        return (0..<count).map {
            Easing(c1x: at(ox, $0), c1y: at(oy, $0), c2x: at(ix, $0), c2y: at(iy, $0))
        }
    }

    /// A position keyframe's spatial tangents `to` and `ti`, when they
    /// bend the path.
    private static func spatial(_ frame: LottieNode) throws(LottieFailure) -> (out: CGPoint, in: CGPoint)? {
        guard let to = try frame["to"]?.numbers(), let ti = try frame["ti"]?.numbers(),
              to.count >= 2, ti.count >= 2 else { return nil }
        let out = CGPoint(x: to[0], y: to[1]), into = CGPoint(x: ti[0], y: ti[1])
        return out == .zero && into == .zero ? nil : (out, into)
    }

    private static func readBezier(_ node: LottieNode) throws(LottieFailure) -> LottieBezier {
        func points(_ key: String) throws(LottieFailure) -> [CGPoint] {
            var points: [CGPoint] = []
            for element in try node.array(key) {
                let xy = try element.numbers()
                guard xy.count >= 2 else { throw element.failure("a point needs two numbers") }
                points.append(CGPoint(x: xy[0], y: xy[1]))
            }
            return points
        }
        let v = try points("v"), i = try points("i"), o = try points("o")
        guard i.count == v.count, o.count == v.count else {
            throw node.failure("a path needs as many in and out tangents as vertices (\(v.count))")
        }
        return LottieBezier(vertices: v.indices.map { .init(point: v[$0], inTangent: i[$0], outTangent: o[$0]) },
                            isClosed: node.flag("c"))
    }
}

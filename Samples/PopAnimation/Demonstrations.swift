import Foundation
import SwellCore

/// The action a view returns for `position` outside an animation block is
/// `NSNull` (not nil), inside one a basic animation — printed as objc.io's
/// "View-Layer Synergy" prints them, `<null>` and `<CABasicAnimation>`.
func askViewForActions() {
    let stage = Stage("actions", "what a view answers its layer's action search")
    let view = stage.addView(named: "view", at: CGPoint(x: 5, y: 5))
    func describe(_ action: (any CAAction)?) -> String {
        switch action {
        case nil: "(null)"
        case is NSNull: "<null>"
        case let action?: "<\(type(of: action))>"
        }
    }
    print("outside animation block: \(describe(view.action(for: view.layer, forKey: "position")))")
    View.animate(withDuration: 0.3) {
        print("inside animation block: \(describe(view.action(for: view.layer, forKey: "position")))")
    }
}

/// The animation a view block adds, caught by the inspection layer: a basic
/// animation from the presented value with the block's duration,
/// ease-in-ease-out and both fills; the layer then moves from (5, 5) to
/// (105, 5) over 0.3 s.
func inspectAnimationBlock() {
    let stage = Stage("animate", "View.animate(withDuration: 0.3) moving a view from {5, 5} to {105, 5}")
    let view = stage.addView(named: "animatedView", at: CGPoint(x: 5, y: 5))
    View.animate(withDuration: 0.3) {
        view.layer.position = CGPoint(x: 105, y: 5)
    }
    stage.sample(through: 0.4, samplesPerSecond: 20) {
        [("animatedView.position.x", Double(view.layer.presentation()?.position.x ?? .nan))]
    }
}

/// The block-based delegate: "beginning to fade in" when the fade starts,
/// "did fade to the end" when it finishes — and "did fade but was
/// cancelled" for a second fade removed before its end.
func fadeWithBlockDelegate() {
    let stage = Stage("fade", "opacity 0 → 1 over 0.75 s with a block delegate; a second fade removed at 0.25 s")
    let finishing = stage.addView(named: "fadeView", at: CGPoint(x: 60, y: 60))
    let cancelled = stage.addView(named: "cancelledView", at: CGPoint(x: 160, y: 60))
    finishing.layer.opacity = 0
    cancelled.layer.opacity = 0
    CATransaction.flush()
    for view in [finishing, cancelled] {
        let name = view.layer.name ?? "view"
        let fadeIn = CABasicAnimation(keyPath: "opacity")
        fadeIn.duration = 0.75
        fadeIn.fromValue = 0
        fadeIn.delegate = AnimationBlockDelegate(beginning: {
            print(stage.timestamp + "\(name): beginning to fade in")
        }, completion: { finished in
            print(stage.timestamp + "\(name): did fade \(finished ? "to the end" : "but was cancelled")")
        })
        view.layer.opacity = 1.0  // change the model value...
        view.layer.add(fadeIn, forKey: "fade in slowly")  // ...then add the animation object
    }
    for k in 0...4 {
        stage.advance(to: Double(k) / 4)
        if k == 1 {
            CATransaction.begin()
            cancelled.layer.removeAnimation(forKey: "fade in slowly")
            CATransaction.commit()
        }
        stage.report([
            ("fadeView.opacity", Double(finishing.layer.presentation()?.opacity ?? .nan)),
            ("cancelledView.opacity", Double(cancelled.layer.presentation()?.opacity ?? .nan)),
        ])
    }
}

/// The pop animation on four views — position, size, colour and rotation,
/// as in the demonstration of objc.io's "View-Layer Synergy" — over 0.7 s.
func popFourViews() {
    let stage = Stage("pop", "View.popAnimation(withDuration: 0.7) on position, bounds, backgroundColor and transform")
    let positionView = stage.addView(named: "positionView", at: CGPoint(x: 60, y: 60))
    let sizeView = stage.addView(named: "sizeView", at: CGPoint(x: 60, y: 160))
    let colorView = stage.addView(named: "colorView", at: CGPoint(x: 60, y: 260))
    let rotationView = stage.addView(named: "rotationView", at: CGPoint(x: 60, y: 360))
    colorView.layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    CATransaction.flush()

    View.popAnimation(withDuration: 0.7) {
        positionView.layer.position = CGPoint(x: 160, y: 60)
        sizeView.layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
        colorView.layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        rotationView.layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    }
    stage.sample(through: 0.8, samplesPerSecond: 20) {
        let color = colorView.layer.presentation()?.backgroundColor?.components ?? []
        let rotation = rotationView.layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat
        return [
            ("positionView.position.x", Double(positionView.layer.presentation()?.position.x ?? .nan)),
            ("sizeView.bounds.size.width", Double(sizeView.layer.presentation()?.bounds.width ?? .nan)),
            ("colorView.backgroundColor.red", color.count == 4 ? Double(color[0]) : .nan),
            ("colorView.backgroundColor.blue", color.count == 4 ? Double(color[2]) : .nan),
            ("rotationView.transform.rotation.z", rotation.map(Double.init) ?? .nan),
        ]
    }
}

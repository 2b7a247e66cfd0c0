import Foundation
import SwellCore
import Testing

// A counter badge drawn by CATextLayer, its colour changed implicitly.
// Waits for CATextLayer. No edits.

func makeBadge(count: Int, in view: CALayer) -> CATextLayer {
    let text = CATextLayer()
    text.string = "\(count)"
    text.fontSize = 14
    text.alignmentMode = .center
    text.foregroundColor = CGColor.white
    text.backgroundColor = CGColor(red: 1, green: 0.2, blue: 0.2, alpha: 1)
    text.cornerRadius = 10
    text.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    text.contentsScale = 2
    view.addSublayer(text)
    return text
}

@Test func theBadgeShowsItsCount() {
    let stage = PortingStage()
    let badge = makeBadge(count: 7, in: stage.view)
    #expect(badge.string as? String == "7")
}

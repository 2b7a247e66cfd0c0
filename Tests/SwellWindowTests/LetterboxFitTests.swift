import Testing
@testable import SwellWindow

/// Aspect fit: the scale is the smaller of the two ratios of the window's
/// side to the canvas's, the picture ⌈side × scale⌉ pixels, centred.
@Suite("LetterboxFit: a canvas scaled to fit a window, centred")
struct LetterboxFitTests {
    @Test("a 16:9 canvas in a 4:3 window: bars above and below")
    func barsAboveAndBelow() {
        let fit = LetterboxFit(canvasWidth: 320, height: 180, drawableWidth: 640, drawableHeight: 480)
        #expect(fit.scale == 2)
        #expect((fit.x, fit.y, fit.width, fit.height) == (0, 60, 640, 360))
    }

    @Test("a wide window: bars left and right, the picture rounded up to whole pixels")
    func barsLeftAndRight() {
        let fit = LetterboxFit(canvasWidth: 320, height: 180, drawableWidth: 1000, drawableHeight: 200)
        #expect(fit.scale == 200.0 / 180)
        // 320 × 10/9 = 355.6 → 356 pixels; (1000 − 356) / 2 = 322.
        #expect((fit.x, fit.y, fit.width, fit.height) == (322, 0, 356, 200))
    }

    @Test("the window of the canvas's size: 1:1, no bars")
    func exact() {
        let fit = LetterboxFit(canvasWidth: 640, height: 360, drawableWidth: 640, drawableHeight: 360)
        #expect(fit.scale == 1)
        #expect((fit.x, fit.y, fit.width, fit.height) == (0, 0, 640, 360))
    }

    @Test("rounding never makes the picture larger than the window")
    func withinTheWindow() {
        for width in stride(from: 101, through: 997, by: 37) {
            let fit = LetterboxFit(canvasWidth: 333, height: 187, drawableWidth: width, drawableHeight: 2000)
            #expect(fit.width <= width && fit.x >= 0 && fit.x + fit.width <= width)
        }
    }
}

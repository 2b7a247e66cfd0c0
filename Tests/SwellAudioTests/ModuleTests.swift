import Testing
import SwellAudio

@Test func swellAudioReexportsCore() {
    #expect(Double.zero.adding(1) == 1)
}

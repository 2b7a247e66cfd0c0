import Testing
import SwellSndFile

@Test func swellAudioReexportsCore() {
    #expect(Double.zero.adding(1) == 1)
}

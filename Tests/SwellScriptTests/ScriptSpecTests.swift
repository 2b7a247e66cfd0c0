import Foundation
import Testing
import SwellAudio
import SwellScript
import TestSupport

let scriptDirectory = URL(fileURLWithPath: "/srv/scripts", isDirectory: true)

func parseScript(_ text: String) throws(SourceError) -> ScriptSpec {
    try ScriptSpec(parsing: text, file: "test.json", baseDirectory: scriptDirectory, kinds: playerKinds)
}

@Suite("Script files")
struct ScriptSpecTests {
    @Test func readsTheSpecExample() throws {
        let script = try parseScript(FixtureScripts.documentedExample)
        #expect(script.sampleRate == 48000)

        #expect(script.layers.map(\.name) == ["bus", "music", "clock", "card"])
        #expect(script.layers.map(\.type) == [.layer, .audio, .layer, .mixer])
        #expect(script.layers.map(\.parent) == [nil, "bus", nil, nil])
        let music = try #require(script.layer(named: "music"))
        #expect(music.file == URL(fileURLWithPath: "/srv/scripts/song.flac"))
        #expect(music.properties == ["volume": 0])
        #expect(music.property(forKeyPath: "pan")?.isAnimatable == true)
        #expect(music.property(forKeyPath: "taper").map { !$0.isAnimatable } == true)
        let clock = try #require(script.layer(named: "clock"))
        #expect(clock.properties == ["time": 0])
        #expect(clock.declaredKeys == ["time"])
        #expect(clock.property(forKeyPath: "time")?.declaration.animation == .implicit)
        let bus = try #require(script.layer(named: "bus"))
        #expect(bus.declaredKeys.isEmpty)
        #expect(["volume", "speed", "timeOffset", "beginTime"].allSatisfy { bus.property(forKeyPath: $0) != nil })
        let card = try #require(script.layer(named: "card"))
        #expect(card.name(of: .device) == "default")
        #expect(card.name(of: .control) == "Master")
        #expect(card.declaredKeys.isEmpty)

        #expect(script.events.map(\.time) == [0, 1, 3, 6, 7])
        #expect(script.events.map(\.layer) == ["music", "music", "music", "music", "bus"])
        #expect(script.events[0].action == .set(["volume": 1]))
        #expect(
            script.events[0].transaction
                == TransactionSpec(animationDuration: 2, animationTimingFunction: .named("easeIn")))
        #expect(script.events[1].action == .set(["volume": 0.3]))
        #expect(script.events[1].transaction == TransactionSpec())

        guard case .add(let tremolo, let key) = script.events[2].action,
            case .keyframe(let keyframe) = tremolo.content
        else {
            Issue.record("event 3 should add a keyframe animation, not \(script.events[2].action)")
            return
        }
        #expect(key == "tremolo")
        #expect(keyframe.property.keyPath == "volume")
        #expect(keyframe.property.isAdditive)
        #expect(!keyframe.property.isCumulative)
        #expect(keyframe.values == [0, -0.2, 0])
        #expect(keyframe.keyTimes == nil)
        #expect(keyframe.calculationMode == .linear)
        #expect(tremolo.duration == 0.5)
        #expect(tremolo.repeatCount == 4)
        #expect(tremolo.fillMode == .removed)
        #expect(tremolo.isRemovedOnCompletion)

        #expect(script.events[3].action == .removeAnimation(forKey: "tremolo"))
        // `speed` is a Float, as CAMediaTiming declares it.
        #expect(script.events[4].action == .set(["speed": SceneValue(Float(0))]))
        #expect(script.events[4].transaction.disableActions)
    }

    @Test func withoutLayersThereIsOneGenericLayerMainAtVolumeOne() throws {
        let script = try parseScript(#"{"version": 1, "events": [{"at": 2, "set": {"volume": 0.5}}]}"#)
        #expect(script.layers.count == 1)
        #expect(script.layers[0].name == "main")
        #expect(script.layers[0].type == .layer)
        #expect(script.layers[0].properties.isEmpty)
        #expect(script.layers[0].property(forKeyPath: "volume")?.defaultValue as? Double == 1)
        #expect(script.events.map(\.layer) == ["main"])
        #expect(script.sampleRate == nil)
    }

    @Test func eventsDefaultToTheFirstLayer() throws {
        let script = try parseScript(
            #"{"version": 1, "layers": [{"name": "a", "type": "audio"}, {"name": "b", "type": "layer"}], "events": [{"at": 0, "set": {"pan": -1}}]}"#
        )
        #expect(script.events[0].layer == "a")
        #expect(script.events[0].action == .set(["pan": -1]))
    }

    @Test func eventsAreSortedStablyByTime() throws {
        let script = try parseScript(
            """
            {"version": 1, "events": [
              {"at": 2, "set": {"volume": 0.1}},
              {"at": 1, "set": {"volume": 0.2}},
              {"at": 2, "set": {"volume": 0.3}},
              {"at": 0, "set": {"volume": 0.4}},
              {"at": 2, "set": {"volume": 0.5}}
            ]}
            """)
        #expect(script.events.map(\.time) == [0, 1, 2, 2, 2])
        #expect(script.events.map(\.action) == [0.4, 0.2, 0.1, 0.3, 0.5].map { .set(["volume": $0]) })
        #expect(script.events.map(\.location.line) == [5, 3, 2, 4, 6])
    }

    @Test func readsEveryAnimationType() throws {
        let script = try parseScript(
            """
            {"version": 1, "layers": [{"name": "m", "type": "audio", "pan": 0.5, "taper": "decibels(-60)", "device": "hw:0"}],
             "events": [
              {"at": 0, "key": "s", "add": {"type": "spring", "keyPath": "pan", "fromValue": -1, "toValue": 1,
                "mass": 2, "stiffness": 50, "damping": 0, "initialVelocity": -3, "fillMode": "both",
                "removedOnCompletion": false, "timingFunction": [0.42, 0, 0.58, 1]}},
              {"at": 1, "key": "g", "add": {"type": "group", "duration": 4, "repeatCount": "infinity", "animations": [
                {"type": "basic", "keyPath": "volume", "byValue": -0.5, "cumulative": true, "beginTime": 1,
                 "timeOffset": 0.5, "speed": 2, "autoreverses": true},
                {"type": "keyframe", "keyPath": "volume", "values": [1, 0, 1], "keyTimes": [0, 0.25, 1],
                 "timingFunctions": ["easeIn", "bezier(0,0,1,1)"], "calculationMode": "cubic",
                 "tensionValues": [0, 0, 0], "continuityValues": [0, 1, 0], "biasValues": [1, 0, -1]}
              ]}},
              {"at": 2, "add": {"type": "transition", "transitionType": "push", "subtype": "fromLeft",
                "startProgress": 0.25, "endProgress": 0.75, "repeatDuration": 3}},
              {"at": 3, "remove": "*"}
            ]}
            """)
        let layer = try #require(script.layer(named: "m"))
        #expect(layer.properties["taper"]?.value as? VolumeTaper == .decibels(floor: -60))
        #expect(layer.name(of: .device) == "hw:0")
        #expect(layer.properties["pan"] == 0.5)

        guard case .add(let springAnimation, "s") = script.events[0].action,
            case .spring(let spring) = springAnimation.content
        else {
            Issue.record("event 1 should add a spring under \"s\"")
            return
        }
        #expect(spring.basic.property.keyPath == "pan")
        #expect(spring.basic.fromValue == -1)
        #expect(spring.basic.toValue == 1)
        #expect(spring.basic.byValue == nil)
        #expect([spring.mass, spring.stiffness, spring.damping, spring.initialVelocity] == [2, 50, 0, -3])
        #expect(springAnimation.fillMode == .both)
        #expect(!springAnimation.isRemovedOnCompletion)
        #expect(springAnimation.timingFunction == .bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))

        guard case .add(let group, "g") = script.events[1].action, case .group(let children) = group.content else {
            Issue.record("event 2 should add a group under \"g\"")
            return
        }
        #expect(group.duration == 4)
        #expect(group.repeatCount == .infinity)
        #expect(children.map(\.type) == [.basic, .keyframe])
        guard case .basic(let basic) = children[0].content, case .keyframe(let keyframe) = children[1].content else {
            Issue.record("group children should be basic and keyframe")
            return
        }
        #expect(basic.byValue == -0.5)
        #expect(basic.property.isCumulative)
        #expect(children[0].beginTime == 1)
        #expect(children[0].timeOffset == 0.5)
        #expect(children[0].speed == 2)
        #expect(children[0].autoreverses)
        #expect(keyframe.keyTimes == [0, 0.25, 1])
        #expect(keyframe.timingFunctions == [.named("easeIn"), .bezier(x1: 0, y1: 0, x2: 1, y2: 1)])
        #expect(keyframe.calculationMode == .cubic)
        #expect(keyframe.tensionValues == [0, 0, 0])
        #expect(keyframe.continuityValues == [0, 1, 0])
        #expect(keyframe.biasValues == [1, 0, -1])

        guard case .add(let transitionAnimation, nil) = script.events[2].action,
            case .transition(let transition) = transitionAnimation.content
        else {
            Issue.record("event 3 should add a transition without a key")
            return
        }
        #expect(transition.type == .push)
        #expect(transition.subtype == .fromLeft)
        #expect(transition.startProgress == 0.25)
        #expect(transition.endProgress == 0.75)
        #expect(transitionAnimation.repeatDuration == 3)

        #expect(script.events[3].action == .removeAllAnimations)
    }

    @Test func animationDefaultsAreCoreAnimations() throws {
        let script = try parseScript(
            #"{"version": 1, "events": [{"at": 0, "add": {"type": "spring", "keyPath": "volume"}}]}"#)
        guard case .add(let animation, nil) = script.events[0].action, case .spring(let spring) = animation.content else {
            Issue.record("expected a spring")
            return
        }
        // CASpringAnimation.h: mass 1, stiffness 100, damping 10, velocity 0.
        #expect([spring.mass, spring.stiffness, spring.damping, spring.initialVelocity] == [1, 100, 10, 0])
        // CAMediaTiming: beginTime 0, duration 0, speed 1, no repeats, fill removed.
        #expect(animation.beginTime == 0)
        #expect(animation.duration == 0)
        #expect(animation.speed == 1)
        #expect(animation.timeOffset == 0)
        #expect(animation.repeatCount == 0)
        #expect(animation.repeatDuration == 0)
        #expect(!animation.autoreverses)
        #expect(animation.fillMode == .removed)
        #expect(animation.isRemovedOnCompletion)
        #expect(animation.timingFunction == nil)
    }

    @Test func keyTimesFollowTheCalculationMode() throws {
        // discrete: one more key time than values, ending at 1 (Apple's
        // CAAnimationCalculationMode.discrete example), or one per value.
        for keyTimes in ["[0, 0.5, 0.75, 1]", "[0, 0.5, 0.75]"] {
            _ = try parseScript(
                #"{"version": 1, "events": [{"at": 0, "add": {"type": "keyframe", "keyPath": "volume", "values": [1, 0.5, 0], "calculationMode": "discrete", "keyTimes": \#(keyTimes)}}]}"#
            )
        }
        // paced modes ignore keyTimes, so any count is accepted.
        _ = try parseScript(
            #"{"version": 1, "events": [{"at": 0, "add": {"type": "keyframe", "keyPath": "volume", "values": [1, 0.5, 0], "calculationMode": "paced", "keyTimes": [0.2]}}]}"#
        )
    }

    @Test func audioFilesResolveAgainstTheScriptsDirectory() throws {
        let script = try parseScript(
            #"{"version": 1, "layers": [{"name": "a", "type": "audio", "file": "../music/a.wav"}, {"name": "b", "type": "audio", "file": "/abs/b.flac"}]}"#
        )
        #expect(script.layers[0].file?.path == "/srv/music/a.wav")
        #expect(script.layers[1].file?.path == "/abs/b.flac")
    }

    @Test func readsAScriptFileBesideItsAudio() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swell-script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("show.json").path
        try Data(FixtureScripts.documentedExample.utf8).write(to: URL(fileURLWithPath: path))

        let script = try ScriptSpec(contentsOfFile: path, kinds: playerKinds)
        #expect(script.layer(named: "music")?.file == directory.appendingPathComponent("song.flac").standardizedFileURL)

        let missing = directory.appendingPathComponent("missing.json").path
        #expect(throws: SourceError(file: missing, location: nil, message: "no such file")) {
            try ScriptSpec(contentsOfFile: missing, kinds: playerKinds)
        }
        #expect(throws: SourceError(file: directory.path, location: nil, message: "is a directory, not a script")) {
            try ScriptSpec(contentsOfFile: directory.path, kinds: playerKinds)
        }
    }

    @Test func refusesAnEndlessFile() {
        #expect(
            throws: SourceError(
                file: "/dev/zero", location: nil, message: "is larger than 16 MiB; a script is a small JSON file")
        ) {
            try ScriptSpec(contentsOfFile: "/dev/zero", kinds: playerKinds)
        }
    }

    @Test func reportsJSONSyntaxErrorsWithTheFileName() {
        #expect(
            throws: SourceError(
                file: "test.json", location: SourceLocation(line: 1, column: 14),
                message: "trailing comma before '}' is not allowed in JSON")
        ) {
            try parseScript(#"{"version": 1,}"#)
        }
    }
}

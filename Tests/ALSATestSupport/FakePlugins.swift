import Foundation
import TestSupport

/// The fake ALSA plugins of `Plugins/` — a mixer (`swell_fake_ctl.c`) and a
/// playback device (`swell_fake_pcm.c`) — compiled for this process.
///
/// ALSA loads external plugins with `dlopen` from the `lib` a
/// configuration names (`ctl_type.NAME { lib "/abs/path.so" }`), so the
/// sources are compiled at run time with the system C compiler, once per
/// process, into a temporary directory removed at exit.
enum FakePlugins {
    /// The compiled libraries, or why they could not be built.
    static let libraries: Result<(control: URL, pcm: URL), TestSupportError> = Result { () throws(TestSupportError) in try build() }

    private static func build() throws(TestSupportError) -> (control: URL, pcm: URL) {
        guard let sources = Bundle.module.url(forResource: "Plugins", withExtension: nil) else {
            throw TestSupportError("the fake ALSA plugin sources are missing from ALSATestSupport's resources")
        }
        let directory = outputDirectory
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw TestSupportError("cannot create \(directory.path): \(error)")
        }
        atexit { try? FileManager.default.removeItem(at: FakePlugins.outputDirectory) }
        return (
            try compile(sources.appendingPathComponent("swell_fake_ctl.c"),
                        into: directory.appendingPathComponent("libasound_module_ctl_swell_fake.so")),
            try compile(sources.appendingPathComponent("swell_fake_pcm.c"),
                        into: directory.appendingPathComponent("libasound_module_pcm_swell_fake.so")))
    }

    /// Per process, so that concurrent test runs do not share libraries.
    private static var outputDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("swell-alsa-plugins-\(getpid())")
    }

    /// `cc -shared -fPIC -DPIC SOURCE -o LIBRARY -lasound`, the way ALSA's
    /// own plugins are built (alsa-plugins' Makefiles pass `-DPIC`).
    private static func compile(_ source: URL, into library: URL) throws(TestSupportError) -> URL {
        do {
            try Subprocess.run("cc", [
                "-shared", "-fPIC", "-DPIC", "-O2", "-Wall", "-Wextra", "-Werror",
                source.path, "-o", library.path, "-lasound",
            ]).requireSuccess()
        } catch {
            throw TestSupportError("cannot build the fake ALSA plugin \(source.lastPathComponent): \(error)")
        }
        return library
    }
}

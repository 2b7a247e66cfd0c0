import Glibc
import SwellAudio
import Synchronization
import Testing

@Suite("RenderThread")
struct RenderThreadTests {
    /// What the body saw of its own thread.
    private final class Observation: Sendable {
        let ran = Atomic<Bool>(false)
        let policy = Atomic<Int32>(-1)
        let priority = Atomic<Int32>(-1)
        let ranOnCaller = Atomic<Bool>(true)
    }

    @Test("runs the body on its own thread; join waits for it")
    func runsAndJoins() throws {
        let seen = Observation()
        let caller = pthread_self()
        let thread = try RenderThread {
            // Still running when join is called, so join must wait.
            usleep(50_000)
            seen.ranOnCaller.store(pthread_equal(pthread_self(), caller) != 0, ordering: .relaxed)
            seen.ran.store(true, ordering: .releasing)
        }
        thread.join()
        let ran = seen.ran.load(ordering: .acquiring)
        let onCaller = seen.ranOnCaller.load(ordering: .relaxed)
        #expect(ran)
        #expect(!onCaller)
        thread.join()
    }

    @Test("isRealTime says what the scheduler actually gives the thread")
    func reportsSchedulingPolicy() throws {
        let seen = Observation()
        let thread = try RenderThread(priority: 30) {
            var policy: Int32 = 0
            var parameters = sched_param()
            pthread_getschedparam(pthread_self(), &policy, &parameters)
            seen.policy.store(policy, ordering: .relaxed)
            seen.priority.store(parameters.sched_priority, ordering: .relaxed)
        }
        thread.join()
        let policy = seen.policy.load(ordering: .relaxed)
        // Granted or refused depends on the machine (root, RLIMIT_RTPRIO);
        // either way the report must match the scheduler.
        #expect(thread.isRealTime == (policy == SCHED_FIFO))
        if thread.isRealTime {
            let priority = seen.priority.load(ordering: .relaxed)
            #expect(priority == 30)
        } else {
            #expect(policy == SCHED_OTHER)
        }
    }

    @Test("with no priority the thread is scheduled as an ordinary thread, like its creator")
    func ordinaryPriority() throws {
        let seen = Observation()
        let thread = try RenderThread(priority: nil) {
            var policy: Int32 = 0
            var parameters = sched_param()
            pthread_getschedparam(pthread_self(), &policy, &parameters)
            seen.policy.store(policy, ordering: .relaxed)
        }
        thread.join()
        #expect(!thread.isRealTime)
        #expect(seen.policy.load(ordering: .relaxed) == SCHED_OTHER)
    }
}

import PokeAPI
import ProcessStats
import Synchronization

/// One second's reading of the server: cores busy over the second before it, resident memory.
struct ServerSample: Sendable, Equatable {
    var second: Int
    var cores: Double?
    var rssMiB: Double?
}

/// Reads the server's CPU and RSS once a second for the report's time series: from
/// `/proc` with `--server-pid` (CPU summed over every pid, RSS of the first), otherwise from
/// every target's `/metrics` (`process_cpu_seconds_total`, `process_resident_memory_bytes`,
/// summed). Stops at `stop()`.
final class ServerSampler: Sendable {
    private struct Reading {
        var at: ContinuousClock.Instant
        var cpuSeconds: Double?
        var rssKiB: Double?
    }

    private let samples = SampleList()
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(options: LoadOptions, recorder: Recorder) {
        let pids = options.serverPIDs
        let urls = options.targets.map(\.metricsURL)
        let http = pids.isEmpty ? try? HTTPClient(trust: options.httpTrust) : nil
        let read: @Sendable () async -> Reading = {
            if !pids.isEmpty {
                return Reading(at: .now, cpuSeconds: ProcessCPU.seconds(pids: pids),
                               rssKiB: ProcessMemory.residentKiB(pid: pids[0]).map(Double.init))
            }
            var cpu = 0.0, rss = 0.0, complete = http != nil
            for url in urls {
                guard let http, let response = try? await http.get(url, timeouts: HTTPTimeouts(connect: .seconds(1), total: .seconds(2))),
                      response.status == 200 else { complete = false; break }
                let figures = Self.processFigures(String(decoding: response.body, as: UTF8.self))
                guard let seconds = figures.cpuSeconds, let bytes = figures.rssBytes else { complete = false; break }
                cpu += seconds
                rss += bytes / 1024
            }
            return Reading(at: .now, cpuSeconds: complete ? cpu : nil, rssKiB: complete ? rss : nil)
        }
        let samples = self.samples
        task.withLock { task in
            task = Task.detached {
                var previous = await read()
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(1))
                    if Task.isCancelled { break }
                    let reading = await read()
                    let wall = (reading.at - previous.at).seconds
                    let cores = previous.cpuSeconds.flatMap { before in reading.cpuSeconds.map { ($0 - before) / wall } }
                    let sample = ServerSample(second: recorder.second(of: reading.at), cores: cores, rssMiB: reading.rssKiB.map { $0 / 1024 })
                    if sample.cores != nil || sample.rssMiB != nil { samples.append(sample) }
                    previous = reading
                }
            }
        }
    }

    /// Ends the sampling; returns what was read.
    func stop() -> [ServerSample] {
        task.withLock { $0?.cancel() }
        return samples.all
    }

    /// The two process figures of a `/metrics` text.
    static func processFigures(_ metrics: String) -> (cpuSeconds: Double?, rssBytes: Double?) {
        var cpu: Double?, rss: Double?
        for line in metrics.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let value = Double(parts[1]) else { continue }
            if parts[0] == "process_cpu_seconds_total" { cpu = value }
            if parts[0] == "process_resident_memory_bytes" { rss = value }
        }
        return (cpu, rss)
    }
}

/// The samples read so far, shared with the sampling task.
private final class SampleList: Sendable {
    private let samples = Mutex<[ServerSample]>([])
    func append(_ sample: ServerSample) { samples.withLock { $0.append(sample) } }
    var all: [ServerSample] { samples.withLock { $0 } }
}

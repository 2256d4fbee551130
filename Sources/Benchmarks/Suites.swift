/// Every suite `scripts/bench` knows. Each issue adds its own.
public let allSuites: [Suite] = [
    runtimeSuite,
    syncSuite,
    dataSuite,
    recordSuite,
    fanoutCPUSuite,
]

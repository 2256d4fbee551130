/// Every suite `scripts/bench` knows. Each issue adds its own.
public let allSuites: [Suite] = [
    runtimeSuite,
    syncSuite,
    browseSuite,
    dataSuite,
    recordSuite,
    fanoutCPUSuite,
    frameSuite,
]

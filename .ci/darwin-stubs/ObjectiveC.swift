// A stand-in module whose existence makes `#if canImport(ObjectiveC)` true, as it is on every Apple platform.
public enum ObjectiveCStandIn {}

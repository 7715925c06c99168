import { configure } from "@testing-library/dom";

// findBy… and waitFor wait up to 5 s instead of 1: on CI's two shared cores a lazily loaded
// screen can take longer than a second to render, and a test must not fail for that alone.
configure({ asyncUtilTimeout: 5_000 });

//go:build !unix

package batch

// openNonblock is 0 where the system has no O_NONBLOCK (js/wasm,
// Windows): opening never waits there for a FIFO's writer.
const openNonblock = 0

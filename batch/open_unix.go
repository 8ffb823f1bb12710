//go:build unix

package batch

import "syscall"

// openNonblock opens files without blocking on a FIFO with no writer (a
// named pipe among a directory's files): see filePage.
const openNonblock = syscall.O_NONBLOCK

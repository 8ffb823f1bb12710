package bilstm

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"runtime"
	"strings"
	"testing"
)

// countingZeros is /dev/zero, counting what was read of it.
type countingZeros struct{ n int64 }

func (z *countingZeros) Read(p []byte) (int, error) {
	clear(p)
	z.n += int64(len(p))
	return len(p), nil
}

func TestReadModelReadsOnlyTheHeaderOfEndlessInput(t *testing.T) {
	z := &countingZeros{}
	if _, err := ReadModel(z); !errors.Is(err, ErrModel) || !strings.Contains(err.Error(), "bad magic") {
		t.Errorf("error %v", err)
	}
	if z.n > int64(len(modelMagic)) {
		t.Errorf("read %d bytes of zeros before refusing them", z.n)
	}
	// The magic, then endless zeros: a version of 0.
	z = &countingZeros{}
	if _, err := ReadModel(io.MultiReader(strings.NewReader(modelMagic), z)); !errors.Is(err, ErrModel) || z.n > 4 {
		t.Errorf("error %v after %d zero bytes", err, z.n)
	}
	// The magic, the version, then a header declaring 4 GiB.
	var head bytes.Buffer
	head.WriteString(modelMagic)
	binary.Write(&head, binary.LittleEndian, uint32(modelVersion))
	binary.Write(&head, binary.LittleEndian, uint32(0xffffffff))
	z = &countingZeros{}
	if _, err := ReadModel(io.MultiReader(&head, z)); !errors.Is(err, ErrModel) || z.n > 0 {
		t.Errorf("error %v after %d zero bytes", err, z.n)
	}
}

// withWeight returns the model file of tinyModel with its output bias set
// to v, checksum fixed.
func withWeight(t *testing.T, v float32) []byte {
	m := tinyModel(t)
	m.Params.BOut[0] = v
	return encodeModel(t, m)
}

func TestReadModelRejectsAbsurdWeights(t *testing.T) {
	for _, v := range []float32{3e38, -3e38, 2 * MaxWeight} {
		if _, err := ReadModel(bytes.NewReader(withWeight(t, v))); !errors.Is(err, ErrModel) || !strings.Contains(err.Error(), "b_out") {
			t.Errorf("weight %g: error %v", v, err)
		}
	}
	if _, err := ReadModel(bytes.NewReader(withWeight(t, MaxWeight/2))); err != nil {
		t.Errorf("a large but sane weight: %v", err)
	}
	// A NaN written by hand (WriteTo would write it too).
	data := withWeight(t, 0)
	nan := []byte{0, 0, 0xc0, 0x7f}
	copy(data[len(data)-8:], nan) // b_out, the last weight before the checksum
	binary.LittleEndian.PutUint32(data[len(data)-4:], crc32.Checksum(data[:len(data)-4], castagnoli))
	if _, err := ReadModel(bytes.NewReader(data)); !errors.Is(err, ErrModel) || !strings.Contains(err.Error(), "NaN") {
		t.Errorf("NaN weight: error %v", err)
	}
}

// TestReadModelAllocatesAsDataArrives reads a header that declares a
// network of a gigabyte of weights, then nothing: the weights are
// allocated as their values arrive, so the refusal costs little memory.
func TestReadModelAllocatesAsDataArrives(t *testing.T) {
	var file bytes.Buffer
	file.WriteString(modelMagic)
	binary.Write(&file, binary.LittleEndian, uint32(modelVersion))
	header := `{"config":{"Input":1048576,"Dense":256,"Hidden":8,"Layers":1,"Dropout":0}}`
	binary.Write(&file, binary.LittleEndian, uint32(len(header)))
	file.WriteString(header)
	binary.Write(&file, binary.LittleEndian, uint32(0))  // an empty vocabulary, checked last
	binary.Write(&file, binary.LittleEndian, uint32(10)) // the tensor count; then the file ends
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := ReadModel(&file)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrModel) || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("error %v, want truncated", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 16<<20 {
		t.Errorf("allocated %d MiB for a file of %d bytes", got>>20, file.Len())
	}
}

package bilstm

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"slices"

	"github.com/boilernet/boilernet/vocab"
	"github.com/x448/float16"
)

// Model is everything needed to run a trained network: its configuration,
// the vocabularies that encode pages and the weights.
type Model struct {
	Config Config
	Vocab  *vocab.Vocab
	Params *Params
	// Meta records how the model was made (data, epochs, dev scores, ...).
	Meta map[string]string
}

// Model file format, version 1 (all integers little-endian):
//
//	magic "BOILERNET-MODEL\n"  version uint32
//	header: uint32 length + JSON {config, meta}
//	vocabulary: uint32 length + vocab.Vocab binary
//	tensor count uint32, then per tensor in Params.Tensors order:
//	  uint16 name length, name, uint8 dims, uint32 per dim,
//	  uint8 type (0 float32, 1 float16), the values
//	CRC-32C of everything before it, uint32
const (
	modelMagic   = "BOILERNET-MODEL\n"
	modelVersion = 1
	// maxModelSize bounds what ReadModel reads.
	maxModelSize = 1 << 30
)

// Weight storage types in a model file.
const (
	typeFloat32 = 0
	typeFloat16 = 1
)

// storageTypes gives, for each weight storage type, the bytes of one value
// and how ReadModel decodes them.
var storageTypes = map[byte]struct {
	size   int
	decode func([]byte) float32
}{
	typeFloat32: {4, func(b []byte) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b)) }},
	typeFloat16: {2, func(b []byte) float32 { return float16.Frombits(binary.LittleEndian.Uint16(b)).Float32() }},
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrModel is wrapped by every error about a model file's content.
var ErrModel = errors.New("bad model file")

func modelErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrModel, fmt.Sprintf(format, args...))
}

type modelHeader struct {
	Config Config            `json:"config"`
	Meta   map[string]string `json:"meta,omitempty"`
}

// WriteTo writes the model in the model file format with float32 weights.
func (m *Model) WriteTo(w io.Writer) (int64, error) { return m.write(w, typeFloat32) }

// WriteHalfTo writes the model with float16 weights: half the size, and the
// weights of HalfRounded.
func (m *Model) WriteHalfTo(w io.Writer) (int64, error) { return m.write(w, typeFloat16) }

func (m *Model) write(w io.Writer, typ byte) (int64, error) {
	var buf bytes.Buffer
	buf.WriteString(modelMagic)
	binary.Write(&buf, binary.LittleEndian, uint32(modelVersion))
	header, err := json.Marshal(modelHeader{m.Config, m.Meta})
	if err != nil {
		return 0, err
	}
	writeBlob(&buf, header)
	voc, err := m.Vocab.MarshalBinary()
	if err != nil {
		return 0, err
	}
	writeBlob(&buf, voc)
	ts := m.Params.Tensors(m.Config)
	binary.Write(&buf, binary.LittleEndian, uint32(len(ts)))
	for _, t := range ts {
		binary.Write(&buf, binary.LittleEndian, uint16(len(t.Name)))
		buf.WriteString(t.Name)
		buf.WriteByte(byte(len(t.Shape)))
		for _, d := range t.Shape {
			binary.Write(&buf, binary.LittleEndian, uint32(d))
		}
		buf.WriteByte(typ)
		if typ == typeFloat16 {
			for _, v := range t.Data {
				binary.Write(&buf, binary.LittleEndian, uint16(float16.Fromfloat32(v)))
			}
		} else {
			binary.Write(&buf, binary.LittleEndian, t.Data)
		}
	}
	binary.Write(&buf, binary.LittleEndian, crc32.Checksum(buf.Bytes(), castagnoli))
	return buf.WriteTo(w)
}

func writeBlob(buf *bytes.Buffer, b []byte) {
	binary.Write(buf, binary.LittleEndian, uint32(len(b)))
	buf.Write(b)
}

// MaxWeight bounds the magnitude of a model's weights: trained weights
// stay within a few units, and a file with larger ones (which overflow
// float32 arithmetic into NaN) is refused.
const MaxWeight = 1e4

// maxHeaderSize bounds a model file's JSON header.
const maxHeaderSize = 1 << 20

// ReadModel reads a model file. A truncated, corrupted or foreign file is
// an error wrapping ErrModel, never a panic. It reads the file in order
// and no more than each part declares: the magic number and version
// first, then the header and vocabulary (bounded sizes), then the
// weights of the declared configuration, the checksum, and one byte to
// check that nothing trails; so a device or pipe of endless bytes is
// refused after its first bytes. Weights that are NaN, infinite or
// larger than MaxWeight in magnitude are refused.
func ReadModel(r io.Reader) (*Model, error) {
	sum := crc32.New(castagnoli)
	in := &streamReader{r: io.TeeReader(r, sum)}
	magic := in.bytes(len(modelMagic))
	if in.err != nil && len(in.got) < len(modelMagic) {
		if !bytes.HasPrefix([]byte(modelMagic), in.got) || len(in.got) == 0 {
			return nil, modelErr("not a boilernet model (bad magic)")
		}
		return nil, modelErr("truncated")
	}
	if string(magic) != modelMagic {
		return nil, modelErr("not a boilernet model (bad magic)")
	}
	if v := in.u32(); in.err != nil {
		return nil, in.err
	} else if v != modelVersion {
		return nil, modelErr("unsupported version %d", v)
	}
	headerData := in.blob(maxHeaderSize, "header")
	vocData := in.blob(maxModelSize, "vocabulary")
	if in.err != nil {
		return nil, in.err
	}
	var h modelHeader
	if err := json.Unmarshal(headerData, &h); err != nil {
		return nil, modelErr("header: %v", err)
	}
	m := &Model{Config: h.Config, Meta: h.Meta, Vocab: &vocab.Vocab{}}
	if err := m.Config.Check(); err != nil {
		return nil, modelErr("%v", err)
	}
	if need := 2 * m.Config.paramCount(); need > maxModelSize {
		return nil, modelErr("config needs %d bytes of weights, more than %d", need, maxModelSize)
	}
	// Each tensor is allocated once its values have arrived: a header that
	// declares a large network costs no memory until the file holds it.
	m.Params = &Params{Layers: make([]Layer, m.Config.Layers)}
	want := tensorShapes(m.Config)
	fields := m.Params.fields()
	if n := in.u32(); int(n) != len(want) && in.err == nil {
		return nil, modelErr("%d tensors, want %d", n, len(want))
	}
	for k := range want {
		t := &want[k]
		name := string(in.bytes(int(in.u16())))
		dims := make([]int, in.u8())
		for i := range dims {
			dims[i] = int(in.u32())
		}
		typ := in.u8()
		if in.err != nil {
			return nil, in.err
		}
		if name != t.Name || !slices.Equal(dims, t.Shape) {
			return nil, modelErr("tensor %q %v, want %q %v", name, dims, t.Name, t.Shape)
		}
		size := 1
		for _, d := range t.Shape {
			size *= d
		}
		st, ok := storageTypes[typ]
		if !ok {
			return nil, modelErr("tensor %q: unknown type %d", name, typ)
		}
		raw := in.bytes(st.size * size)
		if in.err != nil {
			return nil, in.err
		}
		t.Data = make([]float32, size)
		for i := range t.Data {
			t.Data[i] = st.decode(raw[st.size*i:])
		}
		*fields[k] = t.Data
	}
	computed := sum.Sum32()
	in.r = r // the checksum is not part of what it sums
	stored := in.u32()
	if in.err != nil {
		return nil, in.err
	}
	if stored != computed {
		return nil, modelErr("checksum mismatch (truncated or corrupted)")
	}
	if n, _ := io.ReadFull(r, make([]byte, 1)); n != 0 {
		return nil, modelErr("trailing bytes")
	}
	for _, t := range want {
		for _, v := range t.Data {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return nil, modelErr("tensor %q holds NaN or Inf", t.Name)
			}
			if v > MaxWeight || v < -MaxWeight {
				return nil, modelErr("tensor %q holds the weight %g, beyond ±%g", t.Name, v, float64(MaxWeight))
			}
		}
	}
	if err := m.Vocab.UnmarshalBinary(vocData); err != nil {
		return nil, modelErr("%v", err)
	}
	if m.Vocab.Dim() != m.Config.Input {
		return nil, modelErr("vocabulary has %d columns, config %d", m.Vocab.Dim(), m.Config.Input)
	}
	return m, nil
}

// streamReader reads little-endian fields from a stream, exactly the
// bytes asked for, remembering the first error.
type streamReader struct {
	r   io.Reader
	got []byte // the last read, in part when it failed
	err error
}

func (s *streamReader) bytes(n int) []byte {
	if s.err != nil {
		return nil
	}
	if n < 0 || n > maxModelSize {
		s.err = modelErr("truncated")
		return nil
	}
	// Grow as the data arrives, so that a declared size the stream does
	// not hold costs no more memory than the stream does.
	var buf bytes.Buffer
	k, err := io.CopyN(&buf, s.r, int64(n))
	s.got = buf.Bytes()
	if k < int64(n) {
		if err == nil || err == io.EOF {
			s.err = modelErr("truncated")
		} else {
			s.err = err
		}
		return nil
	}
	return s.got
}

func (s *streamReader) u8() uint8 {
	if b := s.bytes(1); b != nil {
		return b[0]
	}
	return 0
}

func (s *streamReader) u16() uint16 {
	if b := s.bytes(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (s *streamReader) u32() uint32 {
	if b := s.bytes(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

// blob reads a uint32 length and that many bytes, at most max.
func (s *streamReader) blob(max int, what string) []byte {
	n := s.u32()
	if s.err == nil && int64(n) > int64(max) {
		s.err = modelErr("%s of %d bytes, more than %d", what, n, max)
		return nil
	}
	return s.bytes(int(n))
}

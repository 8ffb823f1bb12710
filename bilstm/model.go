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

// ReadModel reads a model file. A truncated, corrupted or foreign file is
// an error wrapping ErrModel, never a panic.
func ReadModel(r io.Reader) (*Model, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxModelSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxModelSize {
		return nil, modelErr("larger than %d bytes", maxModelSize)
	}
	if !bytes.HasPrefix(data, []byte(modelMagic)) {
		return nil, modelErr("not a boilernet model (bad magic)")
	}
	if len(data) < len(modelMagic)+8 {
		return nil, modelErr("truncated")
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	rd := &reader{data: body[len(modelMagic):]}
	if v := rd.u32(); v != modelVersion {
		if rd.err != nil {
			return nil, rd.err
		}
		return nil, modelErr("unsupported version %d", v)
	}
	if crc32.Checksum(body, castagnoli) != sum {
		return nil, modelErr("checksum mismatch (truncated or corrupted)")
	}
	var h modelHeader
	if err := json.Unmarshal(rd.blob(), &h); err != nil && rd.err == nil {
		return nil, modelErr("header: %v", err)
	}
	vocData := rd.blob()
	if rd.err != nil {
		return nil, rd.err
	}
	m := &Model{Config: h.Config, Meta: h.Meta, Vocab: &vocab.Vocab{}}
	if err := m.Config.Check(); err != nil {
		return nil, modelErr("%v", err)
	}
	if err := m.Vocab.UnmarshalBinary(vocData); err != nil {
		return nil, modelErr("%v", err)
	}
	if m.Vocab.Dim() != m.Config.Input {
		return nil, modelErr("vocabulary has %d columns, config %d", m.Vocab.Dim(), m.Config.Input)
	}
	if need := 2 * m.Config.paramCount(); need > int64(len(rd.data)) {
		return nil, modelErr("config needs %d bytes of weights, file has %d", need, len(rd.data))
	}
	m.Params = NewParams(m.Config)
	want := m.Params.Tensors(m.Config)
	if n := rd.u32(); int(n) != len(want) && rd.err == nil {
		return nil, modelErr("%d tensors, want %d", n, len(want))
	}
	for _, t := range want {
		name := string(rd.bytes(int(rd.u16())))
		dims := make([]int, rd.u8())
		for i := range dims {
			dims[i] = int(rd.u32())
		}
		typ := rd.u8()
		if rd.err != nil {
			return nil, rd.err
		}
		if name != t.Name || !slices.Equal(dims, t.Shape) {
			return nil, modelErr("tensor %q %v, want %q %v", name, dims, t.Name, t.Shape)
		}
		switch typ {
		case typeFloat32:
			raw := rd.bytes(4 * len(t.Data))
			if rd.err != nil {
				return nil, rd.err
			}
			for i := range t.Data {
				t.Data[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
			}
		case typeFloat16:
			raw := rd.bytes(2 * len(t.Data))
			if rd.err != nil {
				return nil, rd.err
			}
			for i := range t.Data {
				t.Data[i] = float16.Frombits(binary.LittleEndian.Uint16(raw[2*i:])).Float32()
			}
		default:
			return nil, modelErr("tensor %q: unknown type %d", name, typ)
		}
		for _, v := range t.Data {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return nil, modelErr("tensor %q holds NaN or Inf", name)
			}
		}
	}
	if len(rd.data) != 0 {
		return nil, modelErr("%d trailing bytes", len(rd.data))
	}
	return m, nil
}

// reader reads little-endian fields, remembering the first error.
type reader struct {
	data []byte
	err  error
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.data) {
		r.err = modelErr("truncated")
		return nil
	}
	b := r.data[:n]
	r.data = r.data[n:]
	return b
}

func (r *reader) u8() uint8 {
	if b := r.bytes(1); b != nil {
		return b[0]
	}
	return 0
}

func (r *reader) u16() uint16 {
	if b := r.bytes(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *reader) u32() uint32 {
	if b := r.bytes(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *reader) blob() []byte { return r.bytes(int(r.u32())) }

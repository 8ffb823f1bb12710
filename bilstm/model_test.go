package bilstm

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/vocab"
)

func tinyModel(t testing.TB) *Model {
	v, err := vocab.New([]string{"the", "news"}, []string{"p", "div", "a"})
	if err != nil {
		t.Fatal(err)
	}
	c := Config{Input: v.Dim(), Dense: 4, Hidden: 3, Layers: 2, Dropout: 0.5}
	return &Model{Config: c, Vocab: v, Params: InitParams(c, 3), Meta: map[string]string{"data": "tiny"}}
}

func encodeModel(t testing.TB, m *Model) []byte {
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestModelRoundTrip(t *testing.T) {
	for _, pool := range [][]int{nil, {2}, {1, 3}} {
		m := tinyModel(t)
		m.Config.Pool = pool
		m.Params = InitParams(m.Config, 3)
		got, err := ReadModel(bytes.NewReader(encodeModel(t, m)))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Config, m.Config) || got.Meta["data"] != "tiny" || !slices.Equal(got.Vocab.Words, m.Vocab.Words) {
			t.Fatalf("pool %v: header or vocabulary differ: %+v", pool, got)
		}
		want, have := m.Params.Tensors(m.Config), got.Params.Tensors(got.Config)
		for i := range want {
			if !slices.Equal(want[i].Data, have[i].Data) {
				t.Errorf("pool %v: tensor %s differs", pool, want[i].Name)
			}
		}
	}
}

func TestModelHalfRoundTrip(t *testing.T) {
	m := tinyModel(t)
	var full, half bytes.Buffer
	m.WriteTo(&full)
	if _, err := m.WriteHalfTo(&half); err != nil {
		t.Fatal(err)
	}
	if saved := int64(full.Len() - half.Len()); saved != 2*m.Config.paramCount() {
		t.Errorf("half file %d bytes, full %d: want 2 bytes less per weight", half.Len(), full.Len())
	}
	got, err := ReadModel(&half)
	if err != nil {
		t.Fatal(err)
	}
	want := m.Params.HalfRounded(m.Config).Tensors(m.Config)
	for i, ts := range got.Params.Tensors(got.Config) {
		if !slices.Equal(ts.Data, want[i].Data) {
			t.Errorf("tensor %s: not the float16-rounded weights", ts.Name)
		}
		for j, v := range ts.Data {
			if d := v - m.Params.Tensors(m.Config)[i].Data[j]; d > 1e-3 || d < -1e-3 {
				t.Fatalf("tensor %s[%d] moved by %v", ts.Name, j, d)
			}
		}
	}
}

func TestReadModelRejects(t *testing.T) {
	good := encodeModel(t, tinyModel(t))
	corrupt := slices.Clone(good)
	corrupt[len(corrupt)/2] ^= 0x40
	badVersion := slices.Clone(good)
	badVersion[len(modelMagic)] = 9
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"foreign", []byte("\x89PNG\r\n\x1a\nnot a model at all")},
		{"magic only", []byte(modelMagic)},
		{"truncated", good[:len(good)-10]},
		{"truncated in half", good[:len(good)/2]},
		{"corrupted", corrupt},
		{"bad version", badVersion},
		{"trailing", append(slices.Clone(good), 1, 2, 3, 4)},
	}
	for _, tt := range tests {
		if _, err := ReadModel(bytes.NewReader(tt.data)); !errors.Is(err, ErrModel) {
			t.Errorf("%s: error %v, want ErrModel", tt.name, err)
		}
	}
}

// FuzzReadModel mutates a model file without its checksum and appends the
// right checksum, so that mutations reach the header, vocabulary and
// tensor checks instead of stopping at the checksum.
func FuzzReadModel(f *testing.F) {
	good := encodeModel(f, tinyModel(f))
	body := good[:len(good)-4]
	f.Add(body)
	f.Add(body[:len(body)/3])
	for _, tc := range crcValidRejects(f) {
		f.Add(tc.data[:len(tc.data)-4])
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		m, err := ReadModel(bytes.NewReader(withCRC(body)))
		if err != nil {
			return
		}
		// Whatever loads must run.
		x := &Sparse{Start: []int{0, 1, 1}, Cols: []int32{0}, Vals: []float32{1}}
		var ws Workspace
		m.Params.Predict(m.Config, Layout{T: 2, Lens: []int{2}}, x, &ws)
	})
}

// withCRC returns a model file's body with its checksum appended.
func withCRC(body []byte) []byte {
	return binary.LittleEndian.AppendUint32(slices.Clone(body), crc32.Checksum(body, castagnoli))
}

// modelParts splits a model file into its magic and version, header JSON,
// vocabulary and tensor section (the checksum dropped).
func modelParts(t testing.TB, file []byte) (start, header, voc, tensors []byte) {
	t.Helper()
	start, rest := file[:len(modelMagic)+4], file[len(modelMagic)+4:len(file)-4]
	blob := func() []byte {
		n := binary.LittleEndian.Uint32(rest)
		b := rest[4 : 4+n]
		rest = rest[4+n:]
		return b
	}
	header, voc = blob(), blob()
	return start, header, voc, rest
}

// assemble builds a model file from its parts, with a valid checksum.
func assemble(start, header, voc, tensors []byte) []byte {
	b := slices.Clone(start)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(header)))
	b = append(b, header...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(voc)))
	b = append(b, voc...)
	return withCRC(append(b, tensors...))
}

// crcValidRejects are model files with a valid checksum that ReadModel
// must refuse, each with what its error must say: every check after the
// checksum's is reached.
func crcValidRejects(t testing.TB) []struct {
	name, want string
	data       []byte
} {
	m := tinyModel(t)
	start, header, voc, tensors := modelParts(t, encodeModel(t, m))
	// The first tensor, w_in: count u32, name length u16, "w_in", dims u8,
	// two u32 dims, type u8, then the values.
	const nameAt, dimAt, typeAt, valueAt = 6, 11, 19, 20
	edit := func(at int, b ...byte) []byte {
		out := slices.Clone(tensors)
		copy(out[at:], b)
		return out
	}
	bigger, err := vocab.New([]string{"the", "news", "more"}, []string{"p", "div", "a"})
	if err != nil {
		t.Fatal(err)
	}
	biggerVoc, err := bigger.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	f32 := func(v float32) []byte { return binary.LittleEndian.AppendUint32(nil, math.Float32bits(v)) }
	return []struct {
		name, want string
		data       []byte
	}{
		{"header not JSON", "header", assemble(start, []byte("{"), voc, tensors)},
		{"config out of range", "layers out of range",
			assemble(start, bytes.Replace(header, []byte(`"Layers":2`), []byte(`"Layers":99`), 1), voc, tensors)},
		{"tensor count", "tensors, want", assemble(start, header, voc, edit(0, 99))},
		{"tensor name", `tensor "x_in"`, assemble(start, header, voc, edit(nameAt, 'x'))},
		{"tensor shape", `[127 4], want "w_in"`, assemble(start, header, voc, edit(dimAt, 0x7f))},
		{"tensor type", "unknown type 7", assemble(start, header, voc, edit(typeAt, 7))},
		{"NaN weight", "NaN or Inf", assemble(start, header, voc, edit(valueAt, f32(float32(math.NaN()))...))},
		{"huge weight", "beyond", assemble(start, header, voc, edit(valueAt, f32(1e6)...))},
		{"vocabulary garbage", "vocab: not a vocabulary", assemble(start, header, []byte("garbage"), tensors)},
		{"vocabulary size", "vocabulary has", assemble(start, header, biggerVoc, tensors)},
	}
}

func TestReadModelRejectsWithValidChecksum(t *testing.T) {
	for _, tc := range crcValidRejects(t) {
		_, err := ReadModel(bytes.NewReader(tc.data))
		if !errors.Is(err, ErrModel) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want ErrModel saying %q", tc.name, err, tc.want)
		}
	}
	// The parts reassemble into the good file: the cases above differ
	// from it in their edit only.
	good := encodeModel(t, tinyModel(t))
	if !bytes.Equal(assemble(modelParts(t, good)), good) {
		t.Error("modelParts and assemble do not round-trip")
	}
}

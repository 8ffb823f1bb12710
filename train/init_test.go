package train

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/vocab"
)

// baseModel trains a weak tiny model on the synthetic pages (one epoch
// at a low rate) for the fine-tuning tests to start from.
func baseModel(t *testing.T) *bilstm.Model {
	t.Helper()
	opts := tinyOptions()
	opts.Epochs, opts.LearnRate = 1, 1e-4
	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return res.Model
}

// Fine-tuning from an init model keeps its vocabulary and configuration,
// starts from its weights (scored as epoch 0), changes them, and leaves
// the init model as it was; Run (folders) and Fit (documents) alike.
func TestFineTune(t *testing.T) {
	base := baseModel(t)
	before := base.Params.Clone(base.Config)
	trainDocs, devSets, err := load(tinyOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		fit  func(Options) (*Result, error)
	}{
		{"Run", func(o Options) (*Result, error) { return Run(context.Background(), o) }},
		{"Fit", func(o Options) (*Result, error) { return Fit(context.Background(), trainDocs, devSets, o) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := Options{Data: []string{synth}, Init: base, Epochs: 3, Batch: 8, LearnRate: 0.01, F1Loss: NoF1Loss}
			res, err := tc.fit(opts)
			if err != nil {
				t.Fatal(err)
			}
			m := res.Model
			if !m.Vocab.Equal(base.Vocab) {
				t.Error("the fine-tuned model's vocabulary differs from the init model's")
			}
			if !reflect.DeepEqual(m.Config, base.Config) {
				t.Errorf("config %+v, the init model's %+v", m.Config, base.Config)
			}
			if len(res.Epochs) != 4 || res.Epochs[0].Epoch != 0 || res.Epochs[0].Seconds != 0 {
				t.Fatalf("epochs %+v: want the init weights as epoch 0, then 3", res.Epochs)
			}
			if res.Best.Epoch == 0 || res.Best.Selection <= res.Epochs[0].Selection {
				t.Errorf("kept epoch %d (selection %.4f), the init weights scored %.4f", res.Best.Epoch, res.Best.Selection, res.Epochs[0].Selection)
			}
			if reflect.DeepEqual(m.Params, base.Params) {
				t.Error("the weights did not change")
			}
			if !reflect.DeepEqual(base.Params, before) {
				t.Error("fine-tuning changed the init model's weights")
			}
			if m.Meta["init_data"] != synth {
				t.Errorf("meta init_data %q, want %q", m.Meta["init_data"], synth)
			}
		})
	}
}

// An init model is fine-tuned with its own shape, features and
// vocabulary: other values are refused, naming the option; a model
// without weights, or whose network does not read its vocabulary, is
// refused too.
func TestFineTuneRefused(t *testing.T) {
	base := baseModel(t)
	paper := vocab.Paper()
	attrs := vocab.Default()
	noWeights := *base
	noWeights.Params = nil
	wrongInput := *base
	wrongInput.Config.Input++
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"hidden", Options{Network: bilstm.Config{Hidden: base.Config.Hidden + 1}}, "Network.Hidden 9, the init model's is 8"},
		{"dense", Options{Network: bilstm.Config{Dense: 32}}, "Network.Dense 32"},
		{"layers", Options{Network: bilstm.Config{Layers: 2}}, "Network.Layers 2"},
		{"pool", Options{Network: bilstm.Config{Pool: []int{1}}}, "Network.Pool [1]"},
		{"words", Options{Words: 5}, "Words 5"},
		{"features", Options{Features: &paper}, "Features paper, the init model's are paper+attrs+regions"},
		{"no weights", Options{Init: &noWeights}, "no vocabulary or no weights"},
		{"input", Options{Init: &wrongInput}, "its network reads"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := tc.opts
			opts.Data = []string{synth}
			opts.Init = cmpInit(opts.Init, base)
			_, err := Run(context.Background(), opts)
			if !errors.Is(err, ErrInit) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want ErrInit saying %q", err, tc.want)
			}
			_, err = Fit(context.Background(), nil, nil, opts)
			if !errors.Is(err, ErrInit) {
				t.Errorf("Fit: error %v, want ErrInit", err)
			}
		})
	}
	// The init model's own values are accepted.
	opts := Options{Data: []string{synth}, Init: base, Epochs: 1, Batch: 8, Features: &attrs, Words: len(base.Vocab.Words),
		Network: bilstm.Config{Hidden: base.Config.Hidden, Pool: slices.Clone(base.Config.Pool)}}
	if _, err := Run(context.Background(), opts); err != nil {
		t.Errorf("the init model's own shape and vocabulary sizes: %v", err)
	}
}

func cmpInit(m, base *bilstm.Model) *bilstm.Model {
	if m != nil {
		return m
	}
	return base
}

// InitPull holds a fine-tune near the init model's weights (a strong pull
// ends nearer them than none), KeepLast keeps the last epoch whatever
// dev says, both are written to the model's metadata, and InitPull is
// refused without Init or below zero.
func TestFineTuneInitPullKeepLast(t *testing.T) {
	base := baseModel(t)
	trainDocs, devSets, err := load(tinyOptions())
	if err != nil {
		t.Fatal(err)
	}
	dist := func(pull float64) (float64, *Result) {
		opts := Options{Init: base, Epochs: 3, Batch: 8, LearnRate: 0.01, F1Loss: NoF1Loss, InitPull: pull, KeepLast: true}
		res, err := Fit(context.Background(), trainDocs, devSets, opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.Best.Epoch != 3 || len(res.Epochs) != 4 {
			t.Errorf("pull %v: kept epoch %d of %d scored, want the last, 3", pull, res.Best.Epoch, len(res.Epochs))
		}
		if res.Model.Meta["keep_last"] != "true" {
			t.Errorf("meta keep_last %q", res.Model.Meta["keep_last"])
		}
		var d float64
		got, want := res.Model.Params.Tensors(base.Config), base.Params.Tensors(base.Config)
		for i := range got {
			for j, w := range got[i].Data {
				x := float64(w - want[i].Data[j])
				d += x * x
			}
		}
		return d, res
	}
	free, _ := dist(0)
	pulled, res := dist(10)
	if !(pulled < free/2) {
		t.Errorf("squared distance from the init weights: %.4g with pull 10, %.4g without; want under half", pulled, free)
	}
	if got := res.Model.Meta["init_pull"]; got != "10" {
		t.Errorf("meta init_pull %q, want 10", got)
	}
	for _, tc := range []struct {
		opts Options
		want string
	}{
		{Options{InitPull: 0.1}, "without an init model"},
		{Options{Init: base, InitPull: -1}, "init pull -1"},
	} {
		if _, err := Fit(context.Background(), trainDocs, devSets, tc.opts); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.opts.InitPull, err, tc.want)
		}
	}
}

package train_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/train"
)

func ExampleRun() {
	res, err := train.Run(context.Background(), train.Options{
		Data:      []string{"../testdata/synth"},
		Epochs:    6,
		Batch:     8,
		Network:   bilstm.Config{Dense: 16, Hidden: 8, Layers: 1, Dropout: 0.2},
		Words:     60,
		Tags:      12,
		LearnRate: 0.01,
		Seed:      3,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.TrainDocs, "training pages,", res.DevDocs, "dev pages,", len(res.Epochs), "epochs")
	fmt.Println("dev mean F1 ≥ 0.95:", res.Best.Dev.MeanF1 >= 0.95)
	var file bytes.Buffer
	if _, err := res.Model.WriteTo(&file); err != nil {
		panic(err)
	}
	m, err := bilstm.ReadModel(&file)
	if err != nil {
		panic(err)
	}
	fmt.Println("hidden units:", m.Config.Hidden, "words:", len(m.Vocab.Words))
	// Output:
	// 30 training pages, 10 dev pages, 6 epochs
	// dev mean F1 ≥ 0.95: true
	// hidden units: 8 words: 60
}

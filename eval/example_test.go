package eval_test

import (
	"fmt"

	"github.com/boilernet/boilernet/eval"
)

func ExampleCounts() {
	var c eval.Counts
	predicted := []bool{true, true, false, false}
	gold := []bool{true, false, true, false}
	c.AddAll(predicted, gold)
	s := c.Scores()
	fmt.Println("content:", s.Content)
	fmt.Println("boilerplate:", s.Boilerplate)
	fmt.Printf("mean F1: %.3f\n", s.MeanF1)
	// Output:
	// content: P 0.500 R 0.500 F1 0.500
	// boilerplate: P 0.500 R 0.500 F1 0.500
	// mean F1: 0.500
}

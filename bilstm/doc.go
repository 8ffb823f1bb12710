// Package bilstm is BoilerNet's sequence labeler (Leonhardt et al., 2020):
// the model (its network, weights and file format) and its inference, the
// forward pass in pure Go.
//
// A page is a sequence of leaf text blocks; each block is a sparse row of
// word, tag and attribute counts (package vocab), and the network gives
// every block P(content). Training is package train's (with the Gorgonia
// graph of train/graph); the numeric kernels that the forward pass shares
// with that graph (projection, LSTM directions, pooling, BLAS) are in
// internal/kernels, so that a program that only extracts links no training
// code.
//
// # The network
//
// For one batch of B sequences padded to T steps (Layout; N = B·T rows,
// row b·T+t is step t of sequence b, padding rows are zero and get no
// gradient), with Input columns, Dense units, H = Hidden units per
// direction and L = Layers:
//
//	what                         shape        weights (Params)
//	x: sparse input rows         N×Input      -
//	a = relu(x·W_in + b_in)      N×Dense      WIn Input×Dense, BIn Dense
//	layer l, each direction d:                Layers[l].Fwd, .Bwd:
//	  gates = in·Wx + h₋₁·Wh + b  N×4H         Wx in_l×4H, Wh H×4H, B 4H
//	  h (the direction's output) N×H
//	layer output [h_fwd | h_bwd] N×2H         (in_0 = Dense, in_l = 2H)
//	dropout (training only)      N×2H         rate Dropout
//	p = σ(out·W_out + b_out)     N×1          WOut 2H×1, BOut 1
//
// The backward direction reads each sequence from its own last block to
// its first (not from the padded end), so padding never enters a state.
//
// # One LSTM step
//
// The gates are ordered input, forget, cell, output along the 4H columns.
// For a step with gate pre-activations g = (gᵢ, g_f, g_c, g_o), previous
// cell state c₋₁ and hidden state h₋₁ (zero at a sequence's first step):
//
//	i = σ(gᵢ)  f = σ(g_f)  ĉ = tanh(g_c)  o = σ(g_o)
//	c = f⊙c₋₁ + i⊙ĉ
//	h = o⊙tanh(c)
//
// The forward pass keeps the activations i, f, ĉ, o and the cell states of
// every valid row: the backward pass needs nothing else (lstm.go of
// internal/kernels derives its gradients in its comments).
//
// # Loss
//
// Training (package train; the loss itself is built in train/graph)
// minimizes the binary cross-entropy of p against the block labels, each
// row weighted by its class's "balanced" weight n/(2·n_class) and its own
// weight (train.Options.WordWeights), divided by the valid rows of the
// batch. With an F1 weight w > 0 (train.Options.F1Loss; the default
// model's command uses 1) it subtracts w times the mean over the batch's
// pages (those with content) of their soft token F1: per page,
// 2·Σp·y·words / (Σp·words + Σy·words + 1), the metric's token F1 with
// probabilities in place of selections.
//
// # Files
//
// A model file (Model.WriteTo, ReadModel; see model.go for the layout)
// holds the configuration, the vocabularies, the metadata and every
// tensor of Params.Tensors, in float32 or float16, and ends with a CRC-32C
// of all of it.
package bilstm

package serve

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics, in a registry of its own
// (so that several servers, in tests say, do not collide).
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec   // by route and status code
	latency  *prometheus.HistogramVec // by route
	rejected *prometheus.CounterVec   // by reason
	inFlight prometheus.Gauge         // extractions running
	queued   prometheus.Gauge         // requests waiting for a worker
	admitted prometheus.Gauge         // requests holding a place (read, fetched, waiting, extracted)
	reserved prometheus.Gauge         // bytes held in the memory budget
	budget   prometheus.Gauge         // the memory budget's size
	blocks   prometheus.Histogram     // blocks per extracted page
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "boilernet_http_requests_total", Help: "HTTP requests by route and status code.",
		}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "boilernet_http_request_duration_seconds", Help: "Time from a request's arrival to its response, by route.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route"}),
		rejected: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "boilernet_rejected_total", Help: "Requests refused: too_large, busy (no place to admit it), memory (memory budget full), timeout, bad_request, fetch, unauthorized, host (a Host not the server's: 421).",
		}, []string{"reason"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{Name: "boilernet_extractions_in_flight", Help: "Extractions running now."}),
		queued:   prometheus.NewGauge(prometheus.GaugeOpts{Name: "boilernet_extractions_queued", Help: "Requests waiting for a worker."}),
		admitted: prometheus.NewGauge(prometheus.GaugeOpts{Name: "boilernet_requests_admitted", Help: "Extraction requests holding a place: read, and being fetched, waiting or extracted."}),
		reserved: prometheus.NewGauge(prometheus.GaugeOpts{Name: "boilernet_memory_reserved_bytes", Help: "Bytes of request bodies and fetched pages held in the memory budget."}),
		budget:   prometheus.NewGauge(prometheus.GaugeOpts{Name: "boilernet_memory_budget_bytes", Help: "The memory budget for request bodies and fetched pages."}),
		blocks: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "boilernet_page_blocks", Help: "Text blocks per extracted page.",
			Buckets: prometheus.ExponentialBuckets(16, 2, 10),
		}),
	}
	m.reg.MustRegister(m.requests, m.latency, m.rejected, m.inFlight, m.queued, m.admitted, m.reserved, m.budget, m.blocks,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// observe records one finished request.
func (m *metrics) observe(route string, code int, start time.Time) {
	m.requests.WithLabelValues(route, strconv.Itoa(code)).Inc()
	m.latency.WithLabelValues(route).Observe(time.Since(start).Seconds())
}

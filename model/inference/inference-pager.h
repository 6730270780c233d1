/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef INFERENCE_PAGER_H
#define INFERENCE_PAGER_H

#include "ns3/collective-transport.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Moves KV-cache pages between transport ranks (a GPU and a host memory or a peer GPU)
 * as traffic.
 *
 * Every page is a message of the transport (CollectiveTransport::Send): at flow level a flow
 * of the FlowNetwork, max-min fair with every other flow on its links (a co-located training
 * job's collectives, other pages); at packet level a TCP transfer. The pager counts the pages
 * delivered, their bytes, and the time during which at least one page was in flight.
 */
class InferencePager : public Object
{
  public:
    /**
     * TracedCallback signature for a delivered page.
     * \param [in] src Source rank
     * \param [in] dst Destination rank
     * \param [in] bytes Page size (bytes)
     * \param [in] duration From Page() to delivery
     */
    typedef void (*PagedTracedCallback)(uint32_t src, uint32_t dst, uint64_t bytes, Time duration);

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    InferencePager();
    ~InferencePager() override;

    /**
     * \brief Sets the transport the pages go over.
     * \param [in] transport The transport (its ranks: GPUs and host memories)
     */
    void SetTransport(Ptr<CollectiveTransport> transport);

    /// \return the transport
    Ptr<CollectiveTransport> GetTransport() const;

    /**
     * \brief Moves bytes from rank src to rank dst; done() when delivered whole.
     * \param [in] src Source rank
     * \param [in] dst Destination rank (not \p src)
     * \param [in] bytes Page size (bytes, > 0)
     * \param [in] done Called when the page has arrived whole (may be empty)
     */
    virtual void Page(uint32_t src, uint32_t dst, uint64_t bytes, std::function<void()> done);

    /// \return the pages delivered so far
    uint64_t GetPages() const;

    /// \return the bytes of the pages delivered so far
    double GetBytesPaged() const;

    /// \return the pages handed to Page() and not yet delivered
    uint64_t GetPagesInFlight() const;

    /// \return time during which at least one page was in flight (the union of their
    /// intervals), so far
    Time GetBusyTime() const;

  protected:
    void DoDispose() override;

    /**
     * \brief Checks a page's arguments (fatal error naming the bad one) and counts it in
     * flight; subclasses that do not call InferencePager::Page call it first.
     * \param [in] src Source rank
     * \param [in] dst Destination rank
     * \param [in] bytes Page size
     */
    void BeginPage(uint32_t src, uint32_t dst, uint64_t bytes);

    /**
     * \brief Counts a page delivered (fires Paged) and calls its callback.
     * \param [in] src Source rank
     * \param [in] dst Destination rank
     * \param [in] bytes Page size
     * \param [in] start When Page() was called
     * \param [in] done The page's callback
     */
    void EndPage(uint32_t src,
                 uint32_t dst,
                 uint64_t bytes,
                 Time start,
                 const std::function<void()>& done);

  private:
    Ptr<CollectiveTransport> m_transport; //!< Where pages go
    uint64_t m_pages{0};                  //!< Pages delivered
    double m_bytes{0};                    //!< Their bytes
    uint64_t m_inFlight{0};               //!< Pages in flight
    Time m_busy{0};                       //!< Busy time of closed intervals
    Time m_busySince{0};                  //!< Start of the open interval (m_inFlight > 0)
    TracedCallback<uint32_t, uint32_t, uint64_t, Time> m_pagedTrace; //!< Paged
};

/**
 * \ingroup optical
 * \brief Pages between GPUs of a server over its photonic fabric, steering its circuits toward
 * the paging pair.
 *
 * Before a pair's first page (and whenever its circuits have since been taken by another
 * pair), the server's switch is reconfigured (OpticalCircuitSwitch::Reconfigure, after its
 * ControlPlaneDelay and ReconfigurationDelay) so that port (a, k) of GPU a is joined to port
 * (b, k) of GPU b, both ways, for every k < the server's ports per GPU; the circuits on the
 * other ports are kept. Pages wait until those circuits are lit, then are split over every
 * circuit joining the two (CollectiveTransport::GetNLanes / SendOnLane: one part each, the
 * first B mod n parts one byte larger), so that a page of B bytes takes
 * B / (n x port rate) + latency once steered (n = ports per GPU). One steer at a time per
 * server (the switch applies requests one after the other anyway); a steer that would take
 * circuits from a pair whose pages are in flight waits until they are delivered, and pages
 * touching a GPU of the pair being steered wait until its end (pages pinned to a circuit
 * that goes dark would stall).
 *
 * With \c Steer false the switch is left alone: pages are split over whatever circuits join
 * the pair (the initial ring's), or take the transport's routed path if none does.
 *
 * Pages to or from a rank that is no GPU of a registered server (a host memory) go as
 * InferencePager::Page does (over PCIe). A page between GPUs of a server registered without a
 * fabric is refused (CheckPage names the server; Page makes it a fatal error).
 */
class FabricInferencePager : public InferencePager
{
  public:
    /**
     * TracedCallback signature for a steered pair.
     * \param [in] server The server
     * \param [in] gpuA One GPU (index in the server)
     * \param [in] gpuB The other
     */
    typedef void (*SteeredTracedCallback)(uint32_t server, uint32_t gpuA, uint32_t gpuB);

    /// Port of GPU \p gpu's \p k-th fabric port on the server's switch.
    using PortFunction = std::function<uint32_t(uint32_t gpu, uint32_t k)>;

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    FabricInferencePager();
    ~FabricInferencePager() override;

    /**
     * \brief Registers a server and its fabric.
     * \param [in] server Server index (for messages and the Steered trace)
     * \param [in] fabric Its switch (nullptr: the server has no fabric)
     * \param [in] gpuRanks Transport rank of each of its GPUs, by GPU index
     * \param [in] portsPerGpu Fabric ports per GPU (0 if no fabric)
     * \param [in] portOf Switch port of (gpu, k) (empty: gpu x portsPerGpu + k)
     */
    void SetFabric(uint32_t server,
                   Ptr<OpticalCircuitSwitch> fabric,
                   const std::vector<uint32_t>& gpuRanks,
                   uint32_t portsPerGpu,
                   PortFunction portOf = PortFunction());

    /**
     * \brief Whether a page can go.
     * \param [in] src Source rank
     * \param [in] dst Destination rank
     * \return "" if it can, else why not (a server without a fabric, named)
     */
    std::string CheckPage(uint32_t src, uint32_t dst) const;

    /**
     * \brief Whether the fabric's lit circuits join every port of one GPU to the matching port
     * of another, both ways.
     * \param [in] server The server
     * \param [in] gpuA One GPU
     * \param [in] gpuB The other
     * \return true if the pair is steered
     */
    bool IsSteered(uint32_t server, uint32_t gpuA, uint32_t gpuB) const;

    /// \return reconfigurations the pager asked for so far
    uint64_t GetSteers() const;

    void Page(uint32_t src, uint32_t dst, uint64_t bytes, std::function<void()> done) override;

  protected:
    void DoDispose() override;

  private:
    /// A page waiting for its pair's circuits.
    struct Waiting
    {
        uint32_t gpuA;              //!< Source GPU (index in the server)
        uint32_t gpuB;              //!< Destination GPU
        uint32_t src;               //!< Source rank
        uint32_t dst;               //!< Destination rank
        uint64_t bytes;             //!< Size
        Time start;                 //!< When Page() was called
        std::function<void()> done; //!< Callback
    };

    /// A registered server.
    struct Server
    {
        Ptr<OpticalCircuitSwitch> fabric; //!< Its switch (nullptr: none)
        std::vector<uint32_t> gpuRanks;   //!< Rank of each GPU
        uint32_t ports{0};                //!< Ports per GPU
        PortFunction portOf;              //!< Port of (gpu, k)
        std::deque<Waiting> waiting;      //!< Pages waiting for circuits, in order
        std::vector<uint32_t> inFlight;   //!< Fabric pages in flight per GPU
        bool steering{false};             //!< A reconfiguration of ours is under way
        uint32_t steerA{0};               //!< Its pair: one GPU
        uint32_t steerB{0};               //!< The other
    };

    void Retry(uint32_t server);
    void Steer(uint32_t server, uint32_t gpuA, uint32_t gpuB);
    void SendSplit(uint32_t server, Waiting page);
    void ReconfigurationEnded(uint32_t server, const OcsConfiguration& config);

    bool m_steer;                         //!< Steer circuits toward paging pairs
    std::map<uint32_t, Server> m_servers; //!< By server index
    std::map<uint32_t, std::pair<uint32_t, uint32_t>> m_gpuOf;   //!< Rank -> (server, GPU)
    uint64_t m_steers{0};                                        //!< Reconfigurations asked for
    TracedCallback<uint32_t, uint32_t, uint32_t> m_steeredTrace; //!< Steered
};

} // namespace ns3

#endif /* INFERENCE_PAGER_H */

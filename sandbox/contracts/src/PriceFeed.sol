// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// A Chainlink-style aggregator (EUR/USD) whose answer the deployer can set.
contract PriceFeed {
    uint8 public immutable decimals;
    string public description;
    address public immutable owner;
    uint80 private roundId;
    int256 private answer;
    uint256 private updatedAt;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    constructor(uint8 decimals_, string memory description_, int256 answer_) {
        decimals = decimals_;
        description = description_;
        owner = msg.sender;
        _set(answer_);
    }

    function setAnswer(int256 answer_) external {
        require(msg.sender == owner, "PriceFeed: only owner");
        _set(answer_);
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return (roundId, answer, updatedAt, updatedAt, roundId);
    }

    function _set(int256 answer_) private {
        require(answer_ > 0, "PriceFeed: non-positive");
        roundId += 1;
        answer = answer_;
        updatedAt = block.timestamp;
        emit AnswerUpdated(answer_, roundId, updatedAt);
    }
}

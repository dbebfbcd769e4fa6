// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20, SafeTransfer} from "./IERC20.sol";
import {Forwarder} from "./Forwarder.sol";

/// A merchant's multi-token pool. Customers pay it directly with `deposit` (connect rail) or send
/// tokens to a forwarder derived from it (deposit rail), which `sweep` flushes into the pool.
contract Pool {
    address public immutable payout;
    address public immutable factory;

    event Deposited(bytes32 indexed paymentRef, address indexed token, address indexed from, uint256 amount);
    event Swept(bytes32 indexed paymentRef, address indexed token, address forwarder, uint256 amount);
    event Withdrawn(address indexed token, uint256 amount);

    constructor(address payout_) {
        require(payout_ != address(0), "Pool: zero payout");
        payout = payout_;
        factory = msg.sender;
    }

    function forwarderInitCodeHash() public pure returns (bytes32) {
        return keccak256(type(Forwarder).creationCode);
    }

    function forwarderOf(bytes32 paymentRef) public view returns (address) {
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), paymentRef, forwarderInitCodeHash())))));
    }

    function deposit(address token, uint256 amount, bytes32 paymentRef) external {
        require(amount > 0, "Pool: zero amount");
        SafeTransfer.safeTransferFrom(token, msg.sender, address(this), amount);
        emit Deposited(paymentRef, token, msg.sender, amount);
    }

    /// Anyone may sweep: the funds can only move into this pool.
    function sweep(bytes32 paymentRef, address token) external returns (uint256 amount) {
        address forwarder = forwarderOf(paymentRef);
        if (forwarder.code.length == 0) new Forwarder{salt: paymentRef}();
        amount = Forwarder(forwarder).flush(token);
        emit Swept(paymentRef, token, forwarder, amount);
    }

    function withdraw(address token, uint256 amount) external {
        require(msg.sender == payout, "Pool: only payout");
        SafeTransfer.safeTransfer(token, payout, amount);
        emit Withdrawn(token, amount);
    }
}
